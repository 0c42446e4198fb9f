/** The header every pay and checkout call carries (checkout contract). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key for one payment attempt; a retry of the same attempt reuses it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
