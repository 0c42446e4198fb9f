import { randomInt } from 'node:crypto';

// no 0/O, 1/I/L: people read cart numbers aloud to support staff
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/**
 * A random, human-friendly cart number (31^8 ≈ 8.5e11 values). Random rather than a counter so
 * it reveals nothing about sales volume; uniqueness per seller is enforced by an index.
 */
export function newCartNumber(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
