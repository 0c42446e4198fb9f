import DOMPurify from 'dompurify';
import { STRIPPED_TEXT_MAX } from '@admit/contracts/constants';

/**
 * The window DOMPurify works in: the browser's, or on the server (the SSR bundle, decision
 * 0044) one jsdom window, so the server renders the very markup the browser's hydration
 * computes. `import.meta.env.SSR` is false in the client build, which then has no jsdom import.
 */
const domWindow: Window & typeof globalThis =
  import.meta.env.SSR && typeof window === 'undefined' ? await serverWindow() : window;

async function serverWindow(): Promise<Window & typeof globalThis> {
  // a runtime specifier: jsdom has no types here and stays outside every bundle
  const jsdom = (await import(/* @vite-ignore */ 'jsdom' as string)) as {
    JSDOM: new (html: string) => { window: Window & typeof globalThis };
  };
  return new jsdom.JSDOM('').window;
}

// An own instance, so the link hook below does not change DOMPurify for the rest of the app.
const purifier = DOMPurify(domWindow);

// Seller links may open new tabs; "noopener" keeps the opened page away from window.opener.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener');
});

/**
 * Old engines ran script from CSS (IE's `expression()`, `javascript:` URLs, behaviours and
 * bindings); DOMPurify keeps inline styles as they are, so a style naming one of these, once
 * its comments and escapes are undone, is dropped whole, in the browser and on the server alike.
 */
const SCRIPTED_STYLE = /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

const unescapedCss = (value: string) =>
  value
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)),
    )
    .replace(/\\/g, '');

purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && SCRIPTED_STYLE.test(unescapedCss(data.attrValue))) {
    data.keepAttr = false;
  }
});

/**
 * Seller HTML made safe to render: DOMPurify drops scripts, event handler attributes and
 * javascript: URLs. Lives in the event feature so dompurify stays out of the listing chunk.
 */
export function sanitizeDescription(html: string): string {
  return purifier.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}

/**
 * Plain text of the description for the mobile teaser, cut at a word boundary.
 * spec: shopping §9 — truncation of stripped text to 128 characters.
 */
export function truncatedText(
  html: string,
  max = STRIPPED_TEXT_MAX,
): { text: string; truncated: boolean } {
  const container = domWindow.document.createElement('div');
  container.innerHTML = sanitizeDescription(html);
  const text = (container.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return { text, truncated: false };
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return {
    text: `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`,
    truncated: true,
  };
}
