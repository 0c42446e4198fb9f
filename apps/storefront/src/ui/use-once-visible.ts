import { useCallback, useRef, useState } from 'react';

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * Whether an element has once been at least `threshold` visible (its IntersectionObserver ratio):
 * a ref to put on the element, and the answer, which stays true once reached. Where nothing can
 * observe (the server's first drawing, an old browser) the element counts as visible, so nothing
 * waits forever. Used by the date-first calendar (shopping §9 "Calendar visibility threshold").
 */
export function useOnceVisible<T extends Element>(threshold: number) {
  const [visible, setVisible] = useState(() => !canObserve());
  const watching = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      watching.current?.disconnect();
      watching.current = null;
      if (!node || !canObserve()) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
            setVisible(true);
            observer.disconnect();
          }
        },
        { threshold },
      );
      observer.observe(node);
      watching.current = observer;
    },
    [threshold],
  );
  return [ref, visible] as const;
}
