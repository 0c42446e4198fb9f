import { z } from 'zod';
import { staffUserSchema } from './office';

/**
 * The staff part of the seller API (`/admin/api/staff/…`, issue #26, decision 0074): what
 * `npm run seller` does, over HTTP, so it works while the server holds the database. It opens
 * with the server's staff key (`Authorization: Bearer …`), never with a door-scanner key (403).
 * `_seller` names the seller, except for an import, whose file names it.
 */

/** A seller API (door-scanner) key as staff list it: never the key itself. */
export const staffApiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** the key's first characters, to tell keys apart */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type StaffApiKey = z.infer<typeof staffApiKeySchema>;

export const staffApiKeysResponseSchema = z.object({ api_keys: z.array(staffApiKeySchema) });

export const staffApiKeyCreateBodySchema = z.object({ name: z.string() });

/** A new key: `key` is shown this once; only its hash is kept. */
export const staffApiKeyCreatedSchema = z.object({ key: z.string(), api_key: staffApiKeySchema });

export const staffApiKeyResponseSchema = z.object({ api_key: staffApiKeySchema });

/** The orders export: CSV (one row per ticket) or the seller API's JSON shape, every page. */
export const staffOrdersQuerySchema = z.object({
  _seller: z.string().optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  format: z.enum(['csv', 'json']).default('csv'),
});

/** A picture beside a seller file: its path as the file names it, and its bytes in base64. */
export const sellerFilePictureSchema = z.object({ path: z.string().min(1), base64: z.string() });

/** A seller file as text with its pictures (the export's answer, the import's body). */
export const staffSellerFileSchema = z.object({
  /** the name problems are reported at (`file:line`) */
  file_name: z.string().min(1).max(1000),
  text: z.string(),
  pictures: z.array(sellerFilePictureSchema).default([]),
});
export type StaffSellerFile = z.infer<typeof staffSellerFileSchema>;

export const staffImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false']).default('false'),
});

/**
 * What an import changed (or, in a dry run, would change). `refusals` are only ever non-empty
 * in a dry run: a real import with refusals is a 409 and changes nothing.
 */
export const staffImportResultSchema = z.object({
  seller: z.string(),
  dry_run: z.boolean(),
  changes: z.array(z.string()),
  refusals: z.array(z.string()),
});
export type StaffImportResult = z.infer<typeof staffImportResultSchema>;

/** POST /admin/api/staff/office_staff: a back-office staff user (decision 0083), as made. */
export const staffOfficeUserResponseSchema = z.object({ staff_user: staffUserSchema });
