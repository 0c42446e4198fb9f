import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { sellerFileSchema, type SellerFile } from '@admit/contracts/seller-file/seller-file';
import { sellerPatternProblem } from '@/lib/seller-pattern';
import { parseRepeat } from '@/lib/session-rules';
import { SELLER_FILE_MAX_FLOW_DEPTH } from '@admit/contracts/seller-file/limits';
import { flowDepthExcess } from './flow-depth';
import { formatPath, SellerFileError, type LaterIssue, type Path } from './file-errors';

/** A valid file, and the error of later problems, each at its line of this text. */
export interface ParsedSellerFile {
  file: SellerFile;
  located: (issues: readonly LaterIssue[]) => SellerFileError;
}

/**
 * The line of a path in the document: the node at the path, else its nearest ancestor (a
 * missing key is reported on the object that lacks it); for an unknown key, the key itself.
 */
function lineOf(
  doc: Document,
  lines: LineCounter,
  path: Path,
  unknownKey?: string,
): number | undefined {
  const keys = path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (unknownKey !== undefined) {
    const owner = doc.getIn(keys, true);
    if (isMap(owner)) {
      const pair = owner.items.find((p) => isScalar(p.key) && p.key.value === unknownKey);
      const range = isScalar(pair?.key) ? pair.key.range : undefined;
      if (range) return lines.linePos(range[0]).line;
    }
  }
  for (let n = keys.length; n >= 0; n--) {
    const node = doc.getIn(keys.slice(0, n), true) as
      { range?: [number, number, number] } | undefined;
    if (node?.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}

/** Checks of a valid file that need the server's libraries: RRULEs and time zones. */
function serverIssues(file: SellerFile): { path: Path; message: string }[] {
  const issues: { path: Path; message: string }[] = [];
  const zone = (path: Path, timeZone: string | undefined) => {
    if (timeZone === undefined) return;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
    } catch {
      issues.push({ path, message: `unknown time zone ${timeZone}` });
    }
  };
  zone(['seller', 'timezone'], file.seller.timezone);
  // issue 22: CityPASS patterns run on every voucher a buyer types, here and in the browser
  const groups = file.seller.settings?.citypass_code_groups ?? {};
  for (const [name, group] of Object.entries(groups)) {
    for (const key of ['adult_regexp', 'child_regexp'] as const) {
      const problem = sellerPatternProblem(group[key]);
      if (problem) {
        issues.push({
          path: ['seller', 'settings', 'citypass_code_groups', name, key],
          message: problem,
        });
      }
    }
  }
  file.venues.forEach((v, i) => zone(['venues', i, 'timezone'], v.timezone));
  (file.events ?? []).forEach((event, e) =>
    (event.session_rules ?? []).forEach((rule, r) => {
      if (rule.repeat === undefined) return;
      try {
        parseRepeat(rule.repeat);
      } catch (error) {
        issues.push({
          path: ['events', e, 'session_rules', r, 'repeat'],
          message: (error as Error).message,
        });
      }
    }),
  );
  return issues;
}

/**
 * Reads a seller file (YAML, or JSON: YAML reads it too) and validates it against the contract;
 * throws a SellerFileError naming each problem's path and line.
 */
export function parseSellerFile(text: string, fileName: string): SellerFile {
  return parseLocatedSellerFile(text, fileName).file;
}

/** parseSellerFile, keeping the document to name the lines of later problems. */
export function parseLocatedSellerFile(text: string, fileName: string): ParsedSellerFile {
  const tooDeep = flowDepthExcess(text);
  if (tooDeep !== null) {
    throw new SellerFileError(fileName, [
      {
        path: '',
        line: tooDeep,
        message: `[ and { nest more than ${SELLER_FILE_MAX_FLOW_DEPTH} deep`,
      },
    ]);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new SellerFileError(
      fileName,
      doc.errors.map((e) => ({
        path: '',
        line: lines.linePos(e.pos[0]).line,
        message: e.message.split('\n')[0]!,
      })),
    );
  }
  const parsed = sellerFileSchema.safeParse(doc.toJS());
  const issues = parsed.success
    ? serverIssues(parsed.data)
    : parsed.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({
              path: [...issue.path, key],
              message: `unknown key ${key}`,
              unknownKey: key,
              owner: issue.path,
            }))
          : [{ path: issue.path, message: issue.message }],
      );
  if (issues.length > 0 || !parsed.success) {
    throw new SellerFileError(
      fileName,
      issues.map((i) => {
        const owned = i as { owner?: Path; unknownKey?: string };
        return {
          path: formatPath(i.path),
          line: owned.owner
            ? lineOf(doc, lines, owned.owner, owned.unknownKey)
            : lineOf(doc, lines, i.path),
          message: i.message,
        };
      }),
    );
  }
  const located = (later: readonly LaterIssue[]) =>
    new SellerFileError(
      fileName,
      later.map((i) => ({
        path: formatPath(i.path),
        line: lineOf(doc, lines, i.path) ?? 1,
        message: i.message,
      })),
    );
  return { file: parsed.data, located };
}
