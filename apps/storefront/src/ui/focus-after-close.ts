/**
 * Moves focus to `target` once a stacked modal that is closing has let it go (issue 13). The
 * modal (react-aria) stops holding focus in the render that starts its exit, which the closing
 * click flushes before the next frame; it gives focus back to its opener only when focus is
 * still inside it or lost to `<body>`, so a target focused in that frame keeps it. For a dialog
 * nothing opened (the checkout's login-or-guest choice), where the opener is no answer.
 */
export function focusAfterClose(target: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => target()?.focus());
}
