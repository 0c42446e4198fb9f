import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ARRIVAL_FOCUS_ATTRIBUTE } from '@/ui/routing/arrival-focus';

/** How long a lazy route may take to render its heading before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

function focusHeading(main: HTMLElement): boolean {
  // a page may name what the visitor should meet first (a confirmation), else its heading
  const heading =
    main.querySelector<HTMLElement>(`[${ARRIVAL_FOCUS_ATTRIBUTE}]`) ?? main.querySelector('h1');
  if (!heading) return false;
  // a dialog opened meanwhile (login-or-guest, expiry) keeps the focus it trapped
  if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return true;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * Focus moves to the page heading on every route change (issue 13, WCAG 2.4.3), so keyboard and
 * screen-reader users start on the new page instead of on `<body>`, or to what the page marks
 * for arrival (`ui/routing/arrival-focus.ts`). The first page keeps the browser's own start; a
 * lazy route's heading is awaited.
 */
export function FocusRules() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const first = previous.current === null;
    previous.current = pathname;
    const main = document.getElementById('main');
    if (first || !main || focusHeading(main)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
