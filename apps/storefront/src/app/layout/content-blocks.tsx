import { lazy, Suspense } from 'react';
import type { ContentBlock } from '@admit/contracts/seller-config';
import { useSellerConfig } from '@/config/seller-config';
import { useRouteName } from '@/ui/routing/route-handle';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import styles from '@/app/layout/content-blocks.module.css';

// DOMPurify is only fetched when a seller actually configured a block for this route.
const SafeHtml = lazy(() => import('@/ui/safe-html').then((m) => ({ default: m.SafeHtml })));

export function visibleBlocks(
  blocks: ContentBlock[],
  routeName: string | null,
  role: 'anonymous' | 'member',
  position: ContentBlock['position'],
): ContentBlock[] {
  return blocks.filter(
    (b) => b.route === routeName && b.position === position && b.roles.includes(role),
  );
}

/** spec: shopping §1 — per-route and per-role custom content; "anonymous" means not logged in. */
export function ContentBlocks({ position }: { position: ContentBlock['position'] }) {
  const config = useSellerConfig();
  const routeName = useRouteName();
  const role = useIsLoggedIn() ? 'member' : 'anonymous';
  const blocks = visibleBlocks(config.content_blocks, routeName, role, position);
  if (blocks.length === 0) return null;
  return (
    <div className={`${styles.blocks} ${styles[position]}`} data-position={position}>
      <Suspense fallback={null}>
        {blocks.map((block) => (
          <SafeHtml key={block.id} html={block.html} className={styles.block} />
        ))}
      </Suspense>
    </div>
  );
}
