import type { Config, DOMPurify } from 'dompurify';

/**
 * The one home of the description's HTML rules (decision 0086): the API applies them when a
 * description is stored (DOMPurify on jsdom, loaded for the write only) and the browser applies
 * them again before it draws one; the server's page render draws the stored markup as it is.
 * Taking the DOMPurify instance keeps dompurify and jsdom out of this package's imports.
 */
/**
 * The seller's markup the storefront draws as HTML, each stored sanitised by these rules: the
 * event description, the content blocks' `html` (seller config) and these seller meta keys
 * (the checkout's terms). Ticket group and type descriptions and other texts are drawn as text.
 */
export const HTML_SELLER_META_KEYS: readonly string[] = ['portal_terms'];

const SANITIZE_OPTIONS: Config = { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] };

/**
 * Old engines ran script from CSS (IE's `expression()`, `javascript:` URLs, behaviours and
 * bindings); DOMPurify keeps inline styles as they are, so a style naming one of these, once
 * its comments and escapes are undone, is dropped whole.
 */
const SCRIPTED_STYLE = /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

interface LinkElement {
  tagName: string;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}

const unescapedCss = (value: string) =>
  value
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)),
    )
    .replace(/\\/g, '');

/**
 * Seller HTML made safe to render with `purifier` (an own DOMPurify instance: the hooks are
 * added to it): scripts, event handler attributes and javascript: URLs dropped, links given
 * `rel="noopener"` (a seller's link may open a new tab).
 */
export function descriptionSanitizer(purifier: DOMPurify): (html: string) => string {
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // typed by hand: this package is also compiled without the DOM's types (the API)
    const element = node as unknown as LinkElement;
    if (element.tagName === 'A' && element.hasAttribute('href')) {
      element.setAttribute('rel', 'noopener');
    }
  });
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && SCRIPTED_STYLE.test(unescapedCss(data.attrValue))) {
      data.keepAttr = false;
    }
  });
  return (html) => purifier.sanitize(html, SANITIZE_OPTIONS);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };

/**
 * The text of markup `descriptionSanitizer` gave (its serialiser escapes only `&`, `<`, `>` and
 * the no-break space in text), without a DOM: what the server's page render quotes.
 */
export function sanitizedText(html: string): string {
  return (
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      // a quoted attribute value may hold a `>`
      .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, '')
      .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name]!)
  );
}
