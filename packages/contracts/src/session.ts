import { z } from 'zod';
import { collectionSchema } from './envelope';

/**
 * The visitor's session as `GET /api/my/session` reports it: who the requests act as for this
 * seller. Guests act as the seller's public identity (`is_public`, no expiry).
 */
export const sessionSchema = z.object({
  identity_id: z.string().uuid(),
  seller_id: z.string().uuid(),
  is_public: z.boolean(),
  /** ISO 8601; when the session ends unless used again (idle) or at the latest (absolute) */
  expires_at: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /api/my/session */
export const sessionResponseSchema = z.object({ session: collectionSchema(sessionSchema) });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
