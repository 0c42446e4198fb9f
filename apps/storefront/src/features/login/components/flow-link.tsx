import type { ReactNode } from 'react';
import { isPlainClick } from '@/ui/app-link';
import { useLoginFlowContext } from '@/features/login/login-flow-context';

/**
 * A storefront link that also works in the login dialog, which renders outside the router: a
 * real `href` (new tab, copy link) and an in-app navigation on a plain click.
 */
export function FlowLink({ to, children }: { to: string; children: ReactNode }) {
  const { go, href } = useLoginFlowContext();
  return (
    <a
      href={href(to)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
