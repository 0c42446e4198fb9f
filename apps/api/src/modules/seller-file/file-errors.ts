/*
 * The seller file's errors, apart from the parser and the import (decision 0102): the staff API
 * and the office tell them apart at every import, while the parser (yaml) and the import itself
 * load on the first import, not at the server's start.
 */

/** One problem of a seller file: where (key path and line) and what. */
export interface FileIssue {
  path: string;
  line?: number;
  message: string;
}

/** A seller file that cannot be imported; the message lists every issue with its line. */
export class SellerFileError extends Error {
  constructor(
    readonly fileName: string,
    readonly issues: FileIssue[],
  ) {
    super(
      `${fileName}: ${issues.length} problem${issues.length === 1 ? '' : 's'}\n` +
        issues
          .map((i) => `  ${fileName}:${i.line ?? '?'}  ${i.path || '(file)'}: ${i.message}`)
          .join('\n'),
    );
    this.name = 'SellerFileError';
  }
}

export type Path = readonly PropertyKey[];

/** A problem found after the parse (a picture, a limit), at its key path in the file. */
export interface LaterIssue {
  path: Path;
  message: string;
}

/**
 * Problems of a parsed file found later (its pictures, what it lays out); the reader of the file
 * turns them into a SellerFileError naming each line (`ParsedSellerFile.located`).
 */
export class FileIssuesError extends Error {
  constructor(readonly issues: LaterIssue[]) {
    super(issues.map((i) => `${formatPath(i.path) || '(file)'}: ${i.message}`).join('\n'));
    this.name = 'FileIssuesError';
  }
}

/** `events[0].ticket_groups[1].name` */
export function formatPath(path: Path): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

/** The import would lose sales: nothing was written (decision 0041). */
export class ImportRefusedError extends Error {
  constructor(readonly refusals: string[]) {
    super(
      `The import was refused; nothing was changed:\n${refusals.map((r) => `  ${r}`).join('\n')}`,
    );
    this.name = 'ImportRefusedError';
  }
}
