import { SCROLL_INTO_VIEW_DELAY_MS } from '@admit/contracts/constants';

/** Focuses and scrolls to the first invalid field in page order (identity §5, §9: 100 ms). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  setTimeout(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView?.({ block: 'center' });
  }, SCROLL_INTO_VIEW_DELAY_MS);
}
