import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// route modules load lazily and are transformed on first import, which is slow on a busy machine
configure({ asyncUtilTimeout: 10_000 });

// the server's code paths run in the node environment (`// @vitest-environment node`): no DOM
const browserLike = typeof window !== 'undefined';

// jsdom has no layout: scrolling is a no-op here so route changes do not log "not implemented"
if (browserLike) {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

/** The JSDOM instance that vitest's jsdom environment puts on `globalThis`. */
interface JsdomGlobal {
  jsdom: { cookieJar: { removeAllCookiesSync(): void } };
}

afterEach(() => {
  vi.unstubAllGlobals();
  if (!browserLike) return;
  cleanup();
  // cookies outlive a test as storage does (the order proofs, stores/order-secrets.ts): every
  // one is forgotten, whatever its path — document.cookie would list only those of the current
  // address's path, and a cookie of the seller's pages is set under /{slug}
  (globalThis as unknown as JsdomGlobal).jsdom.cookieJar.removeAllCookiesSync();
});
