import type { ReactNode } from 'react';
import { usePageTitle } from '@/ui/page-title';
import styles from '@/features/user/components/user-page.module.css';

/** The frame of every user-flow page: one heading (also the page title) and the content. */
export function UserPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A success message, announced politely when it appears. */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <p className={styles.success} role="status">
      {children}
    </p>
  );
}

/** A problem with the whole form or page, announced at once. */
export function AlertMessage({ children }: { children: ReactNode }) {
  return (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  );
}
