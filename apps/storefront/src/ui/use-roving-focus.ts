import { useCallback, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';

const FORWARD = new Set(['ArrowRight', 'ArrowDown']);
const BACKWARD = new Set(['ArrowLeft', 'ArrowUp']);

export interface RovingItemProps {
  tabIndex: 0 | -1;
  ref: (element: HTMLElement | null) => void;
  onFocus: () => void;
}

/**
 * One Tab stop for a row of choices (the WAI-ARIA toolbar and tabs patterns): only the current
 * item is in the tab order, the arrow keys, Home and End move between the enabled items. The
 * current item is the one focused, else `selected` (so Tab comes back to the chosen one), else
 * the first. A row of eight dates or six category chips no longer costs eight or six Tab
 * presses (issue 13, decision 0031).
 * Hand-rolled rather than react-aria's so the listing's first load stays without react-aria.
 */
export function useRovingFocus(
  count: number,
  selected: number,
  /** the tabs pattern's automatic activation: moving to a tab selects it */
  onMove?: (index: number) => void,
) {
  const [focused, setFocused] = useState<number | null>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const fallback = selected >= 0 && selected < count ? selected : 0;
  const current = focused !== null && focused < count ? focused : fallback;

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const enabled = items.current
        .slice(0, count)
        .map((element, index) => ({ element, index }))
        .filter(
          (item): item is { element: HTMLElement; index: number } =>
            item.element !== null && !item.element.matches(':disabled'),
        );
      if (enabled.length === 0) return;
      const at = enabled.findIndex((item) => item.element === event.target);
      let next: number;
      if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = enabled.length - 1;
      else if (FORWARD.has(event.key)) next = at < 0 ? 0 : (at + 1) % enabled.length;
      else if (BACKWARD.has(event.key))
        next = at < 0 ? 0 : (at - 1 + enabled.length) % enabled.length;
      else return;
      event.preventDefault();
      const target = enabled[next]!;
      target.element.focus();
      setFocused(target.index);
      onMove?.(target.index);
    },
    [count, onMove],
  );

  const onBlur = useCallback((event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
  }, []);

  const itemProps = (index: number): RovingItemProps => ({
    tabIndex: index === current ? 0 : -1,
    ref: (element) => {
      items.current[index] = element;
    },
    onFocus: () => setFocused(index),
  });

  return { groupProps: { onKeyDown, onBlur }, itemProps };
}
