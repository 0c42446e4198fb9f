import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { countLines } from '@/features/listing/model/count-lines';

function measure(row: HTMLElement): number {
  const item = row.firstElementChild;
  if (!item) return 0;
  const gap = Number.parseFloat(getComputedStyle(row).rowGap);
  return countLines(
    row.getBoundingClientRect().height,
    item.getBoundingClientRect().height,
    Number.isFinite(gap) ? gap : 0,
  );
}

/**
 * Whether the wrapping row in `rowRef` takes more than `maxLines` lines, re-measured whenever
 * the row resizes. The row must stay laid out (it may be invisible) for the measure to hold.
 */
export function useWrapsBeyond(
  rowRef: RefObject<HTMLElement | null>,
  maxLines: number,
  /** changes when the row's items change, so they are measured again */
  contentKey: string,
): boolean {
  const [wraps, setWraps] = useState(false);
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const update = () => setWraps(measure(row) > maxLines);
    update();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', update);
      return () => window.removeEventListener('resize', update);
    }
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [rowRef, maxLines, contentKey]);
  return wraps;
}
