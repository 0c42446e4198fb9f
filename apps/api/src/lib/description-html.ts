import { childProcessHost } from './child-process-host';

/**
 * How long the sanitiser's child outlives its last description: an import sanitises its file's
 * markup in one go, and the start-up's pass over stored rows runs right before the demo seed.
 */
const SANITIZER_IDLE_MS = 10_000;

/**
 * DOMPurify on one jsdom window in a child process (description-sanitizer.ts), forked by the
 * first write that stores a description and ended once idle: a server whose descriptions are
 * stored never starts it, and its page render draws them as stored (decision 0086); a server
 * that imported a seller file no longer keeps jsdom's ~35 MB for the rest of its life (decision
 * 0102).
 */
const sanitizer = childProcessHost<string, string>({
  // description-sanitizer-boot.mjs in the source, the compiled one in dist/
  entry: new URL('./description-sanitizer-boot.mjs', import.meta.url),
  name: 'the description sanitiser',
  idleMs: SANITIZER_IDLE_MS,
});

/** Seller HTML as it is stored: the description's rules applied (contracts/description-html). */
export function sanitizeDescriptionHtml(html: string): Promise<string> {
  return sanitizer.call(html);
}
