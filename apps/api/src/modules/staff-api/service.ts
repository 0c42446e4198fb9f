import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { StaffApiKey, StaffImportResult, StaffSellerFile } from '@admit/contracts/staff-api';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import type { Executor } from '@/db/transaction';
import { seller } from '@/db/schema/identity';
import type { SellerApiKeyRow } from '@/db/schema/seller-api';
import { AppError } from '@/http/app-error';
import { createApiKey, listApiKeys, revokeApiKey } from '@/modules/api-keys/service';
import { SELLER_FILE_MAX_BYTES } from '@admit/contracts/seller-file/limits';
import { loadOnce } from '@/lib/load-once';
import {
  FileIssuesError,
  ImportRefusedError,
  SellerFileError,
} from '@/modules/seller-file/file-errors';
import { addStaff, type NewStaff } from '@/modules/office/staff-service';
import type { AlsoInImport } from '@/modules/seller-file/service';

/**
 * What staff do to a seller (decision 0074), one home for the staff API's routes and for the
 * CLI when no server runs: the door-scanner keys, and the catalogue as a seller file. The orders
 * export is orders-export.ts.
 */

/**
 * The seller-file import and export (the yaml parser, the file's schemas, the picture reader),
 * loaded by the first export or import: a server that never takes one does not hold them
 * (decision 0102).
 */
const sellerFiles = loadOnce(() => import('@/modules/seller-file/service'));

/** A key row as staff see it. */
export function toStaffApiKey(row: SellerApiKeyRow): StaffApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listStaffKeys(db: Db, slug: string): Promise<StaffApiKey[]> {
  return (await listApiKeys(db, slug)).map(toStaffApiKey);
}

/** A new door-scanner key: the key itself, shown this once, and how it is listed. */
export async function createStaffKey(db: Executor, slug: string, name: string, now: Date) {
  const { key, row } = await createApiKey(db, slug, name, now);
  return { key, api_key: toStaffApiKey(row) };
}

export async function revokeStaffKey(db: Executor, slug: string, id: string, now: Date) {
  return toStaffApiKey(await revokeApiKey(db, slug, id, now));
}

/** The seller's catalogue as a file named `<slug>.yaml`, its pictures beside it. */
export async function exportStaffSellerFile(
  db: Db,
  slug: string,
): Promise<StaffSellerFile | undefined> {
  const exported = await (await sellerFiles()).exportSeller(db, slug);
  if (!exported) return undefined;
  return {
    file_name: `${slug}.yaml`,
    text: exported.yaml,
    pictures: [...exported.images].map(([path, bytes]) => ({
      path,
      base64: bytes.toString('base64'),
    })),
  };
}

// a seller file and its pictures, in base64: the file's own limit and room for its pictures
export const IMPORT_BODY_LIMIT = SELLER_FILE_MAX_BYTES * 2 + 64 * 1024 * 1024;

/**
 * An import's failure as the caller's answer (the staff API's and the office's): a file's
 * problems a 400 with every `file:line  path: message` line, a refusal to lose sales a 409.
 */
export function importErrorOf(error: unknown): unknown {
  if (error instanceof SellerFileError) {
    return new AppError('validation_failed', 'seller_file', error.message, {
      problems: error.message
        .split('\n')
        .slice(1)
        .map((l) => l.trim()),
    });
  }
  if (error instanceof ImportRefusedError) {
    return new AppError('conflict', 'seller_file', error.message, { refusals: error.refusals });
  }
  return error;
}

/** Whether `path` stays inside `folder` (a picture's path comes from the client). */
const isWithin = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
};

/**
 * Imports a file sent with its pictures, or with `dryRun` plans it. The pictures go to a folder
 * of their own first, so the file reader checks them as it checks a folder on disk (size, kind,
 * no path leaving the folder). Problems are a SellerFileError (`file:line`); a real import that
 * would lose sales is an ImportRefusedError; a dry run reports its refusals instead.
 */
export async function importStaffSellerFile(
  db: Db,
  sent: StaffSellerFile,
  options: {
    now: Date;
    dryRun: boolean;
    /** the office (decision 0089): the file must name this seller, the office's own */
    sellerSlug?: string;
    /** the office's audit record, in the import's transaction */
    alsoInTransaction?: AlsoInImport;
  },
): Promise<StaffImportResult> {
  const folder = await mkdtemp(join(tmpdir(), 'admit-import-'));
  try {
    for (const picture of sent.pictures) {
      const target = resolve(folder, picture.path);
      // a path leaving the folder is not written: the reader then names it at its line
      if (!isWithin(folder, target)) continue;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, Buffer.from(picture.base64, 'base64'));
    }
    const { readSellerFileText, importSellerFile } = await sellerFiles();
    const { file, images, located } = await readSellerFileText(sent.text, sent.file_name, folder);
    if (options.sellerSlug !== undefined && file.seller.slug !== options.sellerSlug) {
      throw new AppError(
        'forbidden',
        'seller_file',
        `The file is the catalogue of ${file.seller.slug}, not of ${options.sellerSlug}.`,
      );
    }
    const result = await importSellerFile(db, file, { ...options, images }).catch(
      (error: unknown) => {
        throw error instanceof FileIssuesError ? located(error.issues) : error;
      },
    );
    return {
      seller: file.seller.slug,
      dry_run: options.dryRun,
      changes: result.lines,
      refusals: result.plan.refusals,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * `npm run seller -- staff add`: a back-office staff user (decision 0083), audited as done by
 * `cli` (no staff user signed in); the first owner of a seller is made this way.
 */
export async function addOfficeStaff(db: Db, slug: string, input: NewStaff, now: Date) {
  const [row] = await db
    .select({ id: seller.id })
    .from(seller)
    .where(eq(seller.slug, slug))
    .limit(1);
  if (!row) throw noSuchSeller(slug);
  const added = await addStaff(db, row.id, input, { staffUserId: null, name: 'cli' }, now);
  return added.staff_user._data[0]!;
}

/** No seller has the slug: the answer of an export for one. */
export const noSuchSeller = (slug: string) =>
  new AppError('seller_not_found', 'seller', `No seller has the slug ${slug}.`);
