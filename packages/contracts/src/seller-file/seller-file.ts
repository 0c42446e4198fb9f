import { z } from 'zod';
import { fileEventSchema, fileVenueSchema } from './catalogue';
import {
  fileCheckoutRuleSchema,
  fileCodeSchema,
  fileGiftCardSchema,
  fileMembershipProgramSchema,
  filePaymentPlanSchema,
} from './commerce';
import { RESERVED_PATH_SEGMENTS, SITE_SECTIONS, isReservedSlug } from '../reserved-path-segments';
import { SELLER_FILE_MAX_BULK_ITEMS } from './limits';
import { fileList, keySchema } from './primitives';
import { checkReferences } from './references';
import { fileSettingsSchema } from './settings';
import { sellerDomainSchema } from '../seller-domains';

/**
 * A seller definition file (issue 16, decision 0041): one seller's settings and catalogue as
 * YAML or JSON, imported by `npm run seller -- import FILE` as an upsert by stable keys and
 * written back by `npm run seller -- export SLUG`. The JSON Schema editors use is generated from
 * this (docs/seller-file.schema.json, seller-file-json-schema.test.ts).
 */
export const sellerFileSchema = z
  .strictObject({
    /** the editor's schema reference; ignored */
    $schema: z.string().optional(),
    seller: z.strictObject({
      slug: keySchema.refine(
        (slug) => !isReservedSlug(slug),
        `the server routes /${RESERVED_PATH_SEGMENTS.join(', /')} itself and /${SITE_SECTIONS.join(', /')} is part of every seller's site: choose another slug`,
      ),
      name: z.string().min(1),
      currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD'),
      /** an IANA zone, e.g. America/New_York */
      timezone: z.string().min(1),
      /** the seller's own hosts (decision 0070); a host names one seller only */
      domains: fileList(sellerDomainSchema)
        .superRefine((domains, ctx) => {
          const seen = new Set<string>();
          domains.forEach((d, i) => {
            if (seen.has(d.host)) {
              ctx.addIssue({
                code: 'custom',
                path: [i, 'host'],
                message: `${d.host} is listed twice`,
              });
            }
            seen.add(d.host);
          });
        })
        .optional(),
      settings: fileSettingsSchema.optional(),
      /** seller meta: portal_terms, completed_order_message, completed_order_links, … */
      meta: z.record(z.string(), z.unknown()).optional(),
    }),
    venues: fileList(fileVenueSchema).min(1),
    events: fileList(fileEventSchema).optional(),
    codes: fileList(fileCodeSchema, SELLER_FILE_MAX_BULK_ITEMS).optional(),
    checkout_rules: fileList(fileCheckoutRuleSchema).optional(),
    gift_cards: fileList(fileGiftCardSchema, SELLER_FILE_MAX_BULK_ITEMS).optional(),
    payment_plans: fileList(filePaymentPlanSchema).optional(),
    membership_programs: fileList(fileMembershipProgramSchema).optional(),
  })
  .superRefine(checkReferences);
export type SellerFile = z.infer<typeof sellerFileSchema>;
