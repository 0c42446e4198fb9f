import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { stringify } from 'yaml';
import { SELLER_FILE_MAX_BYTES } from '@admit/contracts/seller-file/limits';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import type { Db } from '@/db/connection';
import { image } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { withRetryingTransaction, type Executor } from '@/db/transaction';
import { forgetSellerReads } from '@/http/read-scopes';
import { applyPlan } from './apply';
import { exportSellerFile } from './export-file';
import { loadFileImages, type FileImage } from './file-images';
import { FileIssuesError, ImportRefusedError, SellerFileError } from './file-errors';
import { parseLocatedSellerFile, type ParsedSellerFile } from './parse-file';
import { describePlan, planImport, type ImportPlan } from './plan';
import {
  describeDomainChanges,
  readSellerDomains,
  takenDomainIssues,
  writeSellerDomains,
} from './seller-domains';
import { withStoredDescriptions } from './stored-descriptions';

export interface ImportOptions {
  /** the clock: relative dates and rolling windows are laid out from the venue's day of it */
  now: Date;
  /** the pictures, read beforehand (`loadFileImages`) */
  images: ReadonlyMap<string, FileImage>;
  /** ids of new rows from their seeds (the demo's stable ids); random by default */
  newId?: (seed: string) => string;
}

export interface ImportResult {
  plan: ImportPlan;
  /** the changes for people (`describePlan`) */
  lines: string[];
}

/**
 * Plans and applies a file inside the caller's transaction: an upsert by stable keys that
 * refuses (ImportRefusedError) to remove anything with sales behind it.
 */
export async function importInTransaction(
  tx: Executor,
  file: SellerFile,
  options: ImportOptions,
): Promise<ImportResult> {
  const { plan, lines } = await planWithDomains(tx, file, options);
  if (plan.refusals.length > 0) throw new ImportRefusedError(plan.refusals);
  await applyPlan(tx, plan);
  await writeSellerDomains(tx, plan.sellerId, file);
  return { plan, lines };
}

/**
 * The plan and its lines, with the seller's domains (decision 0070); a host another seller
 * holds is a FileIssuesError at its line.
 */
async function planWithDomains(
  db: Executor,
  given: SellerFile,
  options: ImportOptions,
): Promise<ImportResult> {
  const file = await withStoredDescriptions(given);
  const plan = await planImport(db, file, options);
  const taken = await takenDomainIssues(db, file, plan.sellerId);
  if (taken.length > 0) throw new FileIssuesError(taken);
  const before = await readSellerDomains(db, plan.sellerId);
  return { plan, lines: [...describePlan(plan), ...describeDomainChanges(before, file)] };
}

/** More work committed with an import (the office's audit record, decision 0089). */
export type AlsoInImport = (tx: Executor, result: ImportResult) => Promise<void>;

/** Imports a file in a transaction of its own; with `dryRun`, only plans (and refuses) it. */
export async function importSellerFile(
  db: Db,
  file: SellerFile,
  options: ImportOptions & { dryRun?: boolean; alsoInTransaction?: AlsoInImport },
): Promise<ImportResult> {
  if (options.dryRun) return planWithDomains(db, file, options);
  const imported = await withRetryingTransaction(db, async (tx) => {
    const result = await importInTransaction(tx, file, options);
    await options.alsoInTransaction?.(tx, result);
    return result;
  });
  // committed: the seller's cached reads and catalogue rows go stale on every node (decision 0097)
  forgetSellerReads(db, imported.plan.sellerId);
  return imported;
}

/**
 * The text of the file at `path`, refused before it is read past SELLER_FILE_MAX_BYTES (issue
 * 22: a 52 MB file took 100 s and 2.8 GB before its first error).
 */
async function readBoundedText(path: string): Promise<string> {
  const refuse = (message: string) => new SellerFileError(path, [{ path: '', line: 1, message }]);
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw refuse(error.code === 'ENOENT' ? 'no such file' : `cannot be read (${error.code})`);
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw refuse('not a file');
    const tooLarge = refuse(
      `the file is larger than ${SELLER_FILE_MAX_BYTES / (1024 * 1024)} MB: split the seller's catalogue or trim it`,
    );
    if (stat.size > SELLER_FILE_MAX_BYTES) throw tooLarge;
    // the size may change after the stat: never read past the limit
    const buffer = Buffer.alloc(SELLER_FILE_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > SELLER_FILE_MAX_BYTES) throw tooLarge;
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
}

/** A seller file read from disk: the file, its pictures, and where its later problems are. */
export interface SellerFileOnDisk {
  /** the text as read (the CLI sends it to a running server's staff API) */
  text: string;
  file: SellerFile;
  images: Map<string, FileImage>;
  /** later problems (FileIssuesError from the import) as a SellerFileError naming lines */
  located: ParsedSellerFile['located'];
}

/**
 * Reads, validates and loads the pictures of a seller file on disk; every problem is a
 * SellerFileError naming the file and the line.
 */
export async function readSellerFile(path: string): Promise<SellerFileOnDisk> {
  return readSellerFileText(await readBoundedText(path), path, dirname(path));
}

/**
 * A seller file's text, named `fileName` in its problems, with its pictures in `folder`: what
 * readSellerFile does once it has the text, and the staff API with a file sent to it.
 */
export async function readSellerFileText(
  text: string,
  fileName: string,
  folder: string,
): Promise<SellerFileOnDisk> {
  if (Buffer.byteLength(text) > SELLER_FILE_MAX_BYTES) {
    throw new SellerFileError(fileName, [
      {
        path: '',
        line: 1,
        message: `the file is larger than ${SELLER_FILE_MAX_BYTES / (1024 * 1024)} MB`,
      },
    ]);
  }
  const { file, located } = parseLocatedSellerFile(text, fileName);
  try {
    return { text, file, images: await loadFileImages(file, folder), located };
  } catch (error) {
    throw error instanceof FileIssuesError ? located(error.issues) : error;
  }
}

/** The file as YAML, with the editor's schema line first when `schema` is given. */
export function sellerFileYaml(file: SellerFile, schema?: string): string {
  const text = stringify(file, { lineWidth: 100, aliasDuplicateObjects: false });
  return schema ? `# yaml-language-server: $schema=${schema}\n${text}` : text;
}

/**
 * A seller's catalogue as a file and its pictures (path in the file → bytes); undefined when
 * the seller does not exist.
 */
export async function exportSeller(
  db: Db,
  slug: string,
): Promise<{ file: SellerFile; yaml: string; images: Map<string, Buffer> } | undefined> {
  const exported = await exportSellerFile(db, slug);
  if (!exported) return undefined;
  const names = [...exported.images.values()];
  const rows =
    names.length === 0
      ? []
      : await db
          .select({ name: image.name, bytes: image.bytes })
          .from(image)
          .innerJoin(seller, eq(seller.id, image.sellerId))
          .where(and(eq(seller.slug, slug), inArray(image.name, names)));
  const bytes = new Map(rows.map((r) => [r.name, Buffer.from(r.bytes, 'base64')]));
  const images = new Map(
    [...exported.images].flatMap(([path, name]) => {
      const b = bytes.get(name);
      return b ? [[path, b] as const] : [];
    }),
  );
  return { file: exported.file, yaml: sellerFileYaml(exported.file), images };
}
