import { Lexer } from 'yaml';
import { SELLER_FILE_MAX_FLOW_DEPTH } from '@admit/contracts/seller-file/limits';

// The lexer's control tokens (document, scalar and flow-error markers) consume no source text.
const CONTROL: ReadonlySet<string> = new Set(['\u0002', '\u0018', '\u001f']);

/**
 * The line at which the file's flow collections (`[`, `{`) first nest deeper than `max`, or
 * null. Runs the YAML lexer only — linear in the file, unlike composing the document, which is
 * what a deeply nested file makes slow (issue 22, finding 10) — and stops at the first excess.
 */
export function flowDepthExcess(text: string, max = SELLER_FILE_MAX_FLOW_DEPTH): number | null {
  let depth = 0;
  let line = 1;
  for (const token of new Lexer().lex(text)) {
    if (token === '{' || token === '[') {
      depth += 1;
      if (depth > max) return line;
    } else if (token === '}' || token === ']') {
      depth = Math.max(0, depth - 1);
    } else if (!CONTROL.has(token)) {
      for (let i = token.indexOf('\n'); i !== -1; i = token.indexOf('\n', i + 1)) line += 1;
    }
  }
  return null;
}
