import type { WindowLike } from 'dompurify';
import { descriptionSanitizer } from '@admit/contracts/description-html';
import { serveChildRequests } from './child-process-host';
import { loadOnce } from './load-once';

/**
 * The description sanitiser's child process (description-html.ts): DOMPurify on one jsdom
 * window. DOMPurify is only as safe as its DOM; happy-dom and linkedom let scripts through
 * (decision 0078), so it is jsdom, whose ~35 MB leave with this process (decision 0102).
 */
const loadSanitizer = loadOnce(async () => {
  // a runtime specifier: jsdom ships no types
  const [{ JSDOM }, { default: DOMPurify }] = await Promise.all([
    import('jsdom' as string) as Promise<{ JSDOM: new (html: string) => { window: WindowLike } }>,
    import('dompurify'),
  ]);
  return descriptionSanitizer(DOMPurify(new JSDOM('').window));
});

serveChildRequests<string, string>(async (html) => (await loadSanitizer())(html));
