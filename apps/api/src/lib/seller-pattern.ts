import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';
import safeRegex from 'safe-regex2';

/**
 * Regular expressions a seller writes (CityPASS voucher patterns, identity §3
 * `citypass_code_groups`), matched against what anonymous buyers type (issue 22, finding 4: a
 * pattern such as `(a+)+b` in a backtracking engine let one 29-character voucher block the
 * server for 2.9 s, doubling with each character).
 *
 * - The server matches with RE2 (re2js, pure JS): time linear in the input, whatever the
 *   pattern; what RE2 cannot run (backreferences, lookaround) matches nothing.
 * - A pattern with nested quantifiers is refused too, at import and at use: it is almost always
 *   a mistake, and refusing it at import tells the seller at once. The storefront runs no seller
 *   pattern: the voucher's format is this module's answer (decision 0046, update of issue 22).
 */

/** Why a seller pattern cannot be used, or null when it can. */
export function sellerPatternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
  } catch (error) {
    return `not a pattern the server can run: ${(error as Error).message}`;
  }
  if (!safeRegex(pattern)) {
    return 'nests one repetition in another (such as (a+)+): write it without, e.g. a+';
  }
  return null;
}

/** compiled whole-value matchers kept; a seller has a handful, the cap keeps it bounded */
export const SELLER_PATTERNS_KEPT = 500;
// least recently used out (decision 0072): a seller editing its patterns never empties the
// matchers of the others; a refused pattern is kept as `false`, as lru-cache keeps no null
const compiled = new LRUCache<string, RE2JS | false>({ max: SELLER_PATTERNS_KEPT });

function matcherOf(pattern: string): RE2JS | false {
  let matcher = compiled.get(pattern);
  if (matcher === undefined) {
    matcher = sellerPatternProblem(pattern) === null ? RE2JS.compile(`^(?:${pattern})$`) : false;
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** How many compiled matchers are kept (the bound's test reads it). */
export const keptSellerPatterns = () => compiled.size;

/** Whether the whole `value` matches the seller's pattern; a refused pattern matches nothing. */
export function matchesSellerPattern(pattern: string, value: string): boolean {
  const matcher = matcherOf(pattern);
  return matcher ? matcher.matches(value) : false;
}
