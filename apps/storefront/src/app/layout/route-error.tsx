import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button } from '@/ui/button';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import styles from '@/app/layout/route-error.module.css';

/**
 * Shown inside the page frame when a route fails to load or render (for example a route chunk
 * that still fails after its retry). Not-found addresses never get here: they match the 404 route.
 */
export function RouteError() {
  const t = useStrings(LAYOUT_STRINGS);
  usePageTitle(t('layout.error.title'));
  return <RouteErrorScreen />;
}

/** The route error's content, without the page title: also the viewer's story (/_stories). */
export function RouteErrorScreen() {
  const t = useStrings(LAYOUT_STRINGS);
  return (
    <div className={styles.page} role="alert">
      <h1>{t('layout.error.title')}</h1>
      <p className={styles.body}>{t('layout.error.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('layout.error.reload')}</Button>
    </div>
  );
}

/**
 * Catches what a route throws while loading or rendering and shows `RouteError` instead. The
 * layout keys it by the address, so navigating elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
