import type { ReactNode } from 'react';
import styles from '@/app/stories/stories-route.module.css';

/** One story of the viewer: a named region with its heading. */
export function Story({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.story} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
