import { useMemo, useRef } from 'react';
/** The header every pay and checkout call carries (checkout contract). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key for one payment attempt; a retry of the same attempt reuses it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * One Idempotency-Key per payment attempt: `keyFor(body)` keeps the key while the same body is
 * sent again (an answer that never came: the retry must not charge twice) and draws a new one
 * for another body; `end()` after a definite answer, so the next try is a new attempt.
 */
export function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: string): string {
        if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
        return attempt.current.key;
      },
      end(): void {
        attempt.current = null;
      },
    }),
    [],
  );
}
