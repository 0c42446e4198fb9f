import DOMPurify from 'dompurify';
import { STRIPPED_TEXT_MAX } from '@admit/contracts/constants';
import { descriptionSanitizer, sanitizedText } from '@admit/contracts/description-html';

/**
 * Where the description is drawn. The API stores it sanitised already (decision 0086), so the
 * server's page render (the SSR bundle, decision 0044: no `window`) draws the stored markup as
 * it is and needs no DOM, hence no jsdom; the browser sanitises it again with the same rules,
 * which leave their own output unchanged, so hydration sees the server's markup.
 */
const onServer = import.meta.env.SSR && typeof window === 'undefined';

// An own instance, so the description's hooks do not change DOMPurify for the rest of the app.
const sanitizeInBrowser = onServer ? undefined : descriptionSanitizer(DOMPurify(window));

/**
 * Seller HTML made safe to render: DOMPurify drops scripts, event handler attributes and
 * javascript: URLs. Lives in the event feature so dompurify stays out of the listing chunk.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeInBrowser ? sanitizeInBrowser(html) : html;
}

/**
 * Plain text of the description for the mobile teaser, cut at a word boundary.
 * spec: shopping §9 — truncation of stripped text to 128 characters.
 */
export function truncatedText(
  html: string,
  max = STRIPPED_TEXT_MAX,
): { text: string; truncated: boolean } {
  const text = sanitizedText(sanitizeDescription(html)).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return { text, truncated: false };
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return {
    text: `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`,
    truncated: true,
  };
}
