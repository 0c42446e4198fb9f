import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * Wallet passes (identity §7 `ticket/{id}/walletprecheck`, `/api/ticket/{id}/gwpass` and
 * `/pkpass`): which providers can issue a pass of the ticket for this seller. The storefront
 * shows an add-to-wallet button only for a provider whose `ok` is true.
 */
export const walletPrecheckSchema = z.object({
  ticket_id: z.string().uuid(),
  /** Apple Wallet: GET /api/ticket/{id}/pkpass answers `application/vnd.apple.pkpass` */
  apple_wallet: z.object({ ok: z.boolean() }),
  /** Google Wallet: GET /api/ticket/{id}/gwpass redirects to the "save to Google Wallet" link */
  google_wallet: z.object({ ok: z.boolean() }),
});
export type WalletPrecheck = z.infer<typeof walletPrecheckSchema>;

export const walletPrecheckResponseSchema = z.object({
  wallet_precheck: collectionSchema(walletPrecheckSchema),
});
export type WalletPrecheckResponse = z.infer<typeof walletPrecheckResponseSchema>;

/** The media type of an Apple Wallet pass. */
export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';
