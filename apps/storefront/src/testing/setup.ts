import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// route modules load lazily and are transformed on first import, which is slow on a busy machine
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op here so route changes do not log "not implemented"
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
