import { createContext, useContext } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { Link } from 'react-router';

/**
 * How content on the modal stack navigates. The stack renders outside the router
 * (`ui/modal-stack.tsx`), so the hook that opens a modal, which is inside it, hands down the
 * router's navigation: `go` (close the modal, then navigate) and `href` (the full address).
 */
export interface StackNavigation {
  go: (to: string) => void;
  href: (to: string) => string;
}

const StackNavigationContext = createContext<StackNavigation | null>(null);

/** Provides the opener's navigation to the links of a stacked modal's content. */
export const StackNavigationProvider = StackNavigationContext.Provider;

/** The stacked modal's navigation, or null on a page (inside the router). */
export function useStackNavigation(): StackNavigation | null {
  return useContext(StackNavigationContext);
}

/**
 * A plain left click: the app navigates. A click with a modifier key or another button stays
 * the browser's (a new tab or window from the real `href`).
 */
export function isPlainClick(event: MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** a storefront path below the seller ("/membership/renew") */
  to: string;
}

/**
 * A storefront link that works on a page (a router link) and in a stacked modal (a real `href`,
 * in-app navigation on a plain click that also closes the modal).
 */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const stack = useStackNavigation();
  if (!stack) return <Link to={to} onClick={onClick} {...rest} />;
  return (
    <a
      {...rest}
      href={stack.href(to)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        stack.go(to);
      }}
    />
  );
}
