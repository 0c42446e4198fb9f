import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@admit/contracts/seller-api';

/**
 * What a seller API key is (decision 0042): `adm_` and 32 random bytes (base64url, 43
 * characters). Stored as its SHA-256 only: a key carries 256 bits of chance, so no guessing
 * attack can use a fast hash the way it can against a password, and a lookup by hash stays one
 * index probe per request (argon2 is for people's passwords: `users/password-hash.ts`).
 */

/** How many characters of a key are kept in the clear to tell keys apart (`adm_` + 8). */
const SHOWN = API_KEY_PREFIX.length + 8;

/** A new random key; shown once by the CLI, never stored. */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The key's first characters, kept in the clear. */
export const apiKeyPrefix = (key: string) => key.slice(0, SHOWN);

/** Whether `key` hashes to `storedHash`, in constant time (a second check after the lookup). */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Only a string shaped like a key is worth a database lookup. */
export const looksLikeApiKey = (key: string) =>
  key.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{20,100}$/.test(key);
