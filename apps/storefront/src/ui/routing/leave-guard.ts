import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import type { Navigator } from 'react-router';

export interface LeaveGuard {
  /** whether a move to this path (with the router base) stays where the changes live */
  stays: (pathname: string) => boolean;
  /** asks the visitor first; `leave` carries out the move when they agree */
  confirm: (leave: () => void) => void;
  /** also the browser's own warning when the tab is closed, reloaded or sent elsewhere */
  beforeUnload: boolean;
}

const pathnameOf = (to: Parameters<Navigator['push']>[0]) =>
  typeof to === 'string' ? new URL(to, 'http://localhost').pathname : (to.pathname ?? '');

/**
 * Holds the visitor on a page while it has unsaved changes (identity §4 "Manage order": "the
 * browser warns on leaving"): the browser's `beforeunload` warning, and a move inside the app to
 * a path outside the guarded area is asked about first. The storefront uses the declarative
 * router (decision 0004), which has no `useBlocker`: every link and `navigate` goes through the
 * router's navigator, so while active its `push` and `replace` ask the guard first (restored on
 * cleanup). The browser's own Back button is not held (decision 0039).
 */
export function useLeaveGuard(active: boolean, guard: LeaveGuard): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const latest = useRef(guard);
  latest.current = guard;

  useEffect(() => {
    if (!active) return;
    const { push, replace } = navigator;
    const held =
      (move: Navigator['push']): Navigator['push'] =>
      (to, state, options) => {
        const pathname = pathnameOf(to);
        if (!pathname || latest.current.stays(pathname)) move(to, state, options);
        else latest.current.confirm(() => move(to, state, options));
      };
    navigator.push = held(push);
    navigator.replace = held(replace);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.beforeUnload) return;
      event.preventDefault();
      // older browsers show the warning only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, navigator]);
}
