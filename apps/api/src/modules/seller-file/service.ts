import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { stringify } from 'yaml';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import type { Db } from '@/db/connection';
import { image } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';
import { withRetryingTransaction, type Executor } from '@/db/transaction';
import { applyPlan } from './apply';
import { exportSellerFile } from './export-file';
import { loadFileImages, type FileImage } from './file-images';
import { parseSellerFile } from './parse-file';
import { describePlan, planImport, type ImportPlan } from './plan';

/** The import would lose sales: nothing was written (decision 0041). */
export class ImportRefusedError extends Error {
  constructor(readonly refusals: string[]) {
    super(
      `The import was refused; nothing was changed:\n${refusals.map((r) => `  ${r}`).join('\n')}`,
    );
    this.name = 'ImportRefusedError';
  }
}

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
  const plan = await planImport(tx, file, options);
  if (plan.refusals.length > 0) throw new ImportRefusedError(plan.refusals);
  await applyPlan(tx, plan);
  return { plan, lines: describePlan(plan) };
}

/** Imports a file in a transaction of its own; with `dryRun`, only plans (and refuses) it. */
export async function importSellerFile(
  db: Db,
  file: SellerFile,
  options: ImportOptions & { dryRun?: boolean },
): Promise<ImportResult> {
  if (options.dryRun) {
    const plan = await planImport(db, file, options);
    return { plan, lines: describePlan(plan) };
  }
  return withRetryingTransaction(db, (tx) => importInTransaction(tx, file, options));
}

/** Reads, validates and loads the pictures of a seller file on disk. */
export async function readSellerFile(
  path: string,
): Promise<{ file: SellerFile; images: Map<string, FileImage> }> {
  const file = parseSellerFile(await readFile(path, 'utf8'), path);
  return { file, images: await loadFileImages(file, dirname(path)) };
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
