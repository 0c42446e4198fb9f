import { Suspense } from 'react';
import type { ReactNode } from 'react';

/**
 * A part of a server-drawn page hydrated on its own (decision 0045): React hydrates a drawn
 * Suspense boundary in a pass, commit and effects flush of its own, so a large page (the
 * checkout's form, its cart summary) does not hydrate in one long task on a phone (TBT, issue
 * #13). Its content must not suspend in the browser: the fallback is nothing.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
