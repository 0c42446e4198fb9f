import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import type { DesiredLayout } from './desired-seats';
import type { LaterIssue } from './file-errors';
import type { Row, TableName } from './rows';

/** Adds a row the file wants and returns its id (kept when the database has it, desired.ts). */
export type AddRow = (
  table: TableName,
  identity: string,
  seed: string,
  label: string,
  values: Record<string, unknown>,
  extra?: Partial<Row>,
) => string;

/** Sessions laid out so far, and the rules refused for laying out too many (issue 22). */
export interface SessionBudget {
  laidOut: number;
  issues: LaterIssue[];
}

/** What the parts of `desiredRows` add their rows through (decision 0041). */
export interface DesiredContext {
  file: SellerFile;
  slug: string;
  now: Date;
  add: AddRow;
  /** the row the database has now, if any: relative dates keep what it made */
  existing: (table: TableName, identity: string) => Row | undefined;
  /** adds a resource's meta, one row per key that has a value */
  meta: (
    resource: string,
    resourceId: string,
    label: string,
    values: Record<string, unknown>,
  ) => void;
  /** a picture's path in the file as the image address the database keeps */
  storedImage: (path: string) => string;
  sessions: SessionBudget;
  /** the file's seat layouts by key (desired-seats.ts) */
  seatLayouts: Map<string, DesiredLayout>;
}
