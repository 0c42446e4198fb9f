import type { WindowLike } from 'dompurify';
import { descriptionSanitizer } from '@admit/contracts/description-html';
import { loadOnce } from './load-once';

/**
 * DOMPurify on one jsdom window (some 60 MB resident), loaded by the first write that stores a
 * description and not at start-up: a server whose descriptions are stored never loads it, and
 * its page render draws them as stored (decision 0086). DOMPurify is only as safe as its DOM;
 * happy-dom and linkedom let scripts through (decision 0078), so it is jsdom.
 */
const loadSanitizer = loadOnce(async () => {
  // a runtime specifier: jsdom ships no types
  const [{ JSDOM }, { default: DOMPurify }] = await Promise.all([
    import('jsdom' as string) as Promise<{ JSDOM: new (html: string) => { window: WindowLike } }>,
    import('dompurify'),
  ]);
  return descriptionSanitizer(DOMPurify(new JSDOM('').window));
});

/** Seller HTML as it is stored: the description's rules applied (contracts/description-html). */
export async function sanitizeDescriptionHtml(html: string): Promise<string> {
  return (await loadSanitizer())(html);
}
