import { z } from 'zod';
import { storedSellerConfigSchema } from '../seller-config';
import { fileList, keyPathSchema, keySchema } from './primitives';

/**
 * A seller's storefront settings in a file: the stored seller config (theme, text overrides,
 * content blocks, flags, login method, self-edit rules, …) with keys where the stored config
 * holds ids, and file paths where it holds image addresses (`theme.logo_url`, `favicon_url`: a
 * relative path is a picture beside the file). Secrets (`private`) are never in a file.
 */
const stored = storedSellerConfigSchema.shape;

export const fileSettingsSchema = storedSellerConfigSchema
  .omit({ anchor_events: true, admission_event_id: true, membership: true, checkout: true })
  .extend({
    /** event keys */
    anchor_events: fileList(keySchema).optional(),
    admission_event: keySchema.nullable().optional(),
    membership: z
      .strictObject({
        presell: z.boolean(),
        /** the key of the event selling the membership */
        event: keySchema.nullable(),
        external_url: z.string().nullable(),
      })
      .optional(),
    checkout: stored.checkout
      .unwrap()
      .omit({ donation_group_id: true })
      .extend({
        /** event/group of the donation offered at checkout */
        donation_group: keyPathSchema.nullable().optional(),
      })
      .optional(),
  })
  .strict();
export type FileSettings = z.infer<typeof fileSettingsSchema>;
