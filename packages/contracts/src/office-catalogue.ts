import { z } from 'zod';
import { collectionSchema } from './envelope';
import { staffApiKeySchema, staffImportResultSchema, staffSellerFileSchema } from './staff-api';

/**
 * The office's catalogue screen (issue #27 "Catalogue", decision 0089), the owner's: the
 * seller file out and in (a dry run's diff first), and the API keys of scanners and
 * integrations. The shapes are the staff API's (decision 0074), keyed by resource type.
 */

export const officeSellerFileResponseSchema = z.object({
  seller_file: collectionSchema(staffSellerFileSchema),
});
export type OfficeSellerFileResponse = z.infer<typeof officeSellerFileResponseSchema>;

/** POST seller_file: the file and its pictures; `dry_run` only shows the changes. */
export const officeSellerFileImportBodySchema = staffSellerFileSchema.extend({
  dry_run: z.boolean().optional(),
  reason: z.string().trim().max(1000).optional(),
});
export type OfficeSellerFileImportBody = z.infer<typeof officeSellerFileImportBodySchema>;

export const officeSellerFileImportResponseSchema = z.object({
  seller_file_import: collectionSchema(staffImportResultSchema),
});
export type OfficeSellerFileImportResponse = z.infer<typeof officeSellerFileImportResponseSchema>;

export const officeApiKeysResponseSchema = z.object({
  api_key: collectionSchema(staffApiKeySchema),
});
export type OfficeApiKeysResponse = z.infer<typeof officeApiKeysResponseSchema>;

/** A new key: `key` is shown this once and never stored. */
export const officeApiKeyCreatedResponseSchema = z.object({
  api_key: collectionSchema(staffApiKeySchema.extend({ key: z.string() })),
});
export type OfficeApiKeyCreatedResponse = z.infer<typeof officeApiKeyCreatedResponseSchema>;

export const officeApiKeyCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  reason: z.string().trim().max(1000).optional(),
});

export const officeApiKeyRevokeBodySchema = z.object({
  reason: z.string().trim().min(1).max(1000),
});
