import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, newTotpSecret, totpCodeAt, totpUri } from './totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (base32 below), 8-digit vectors
// end in these six digits
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('office TOTP', () => {
  it('matches the RFC 6238 test vectors (last six digits)', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('accepts one step of drift either side, not two', () => {
    const at = new Date('2029-06-01T12:00:10Z');
    const step = Math.floor(at.getTime() / 30_000);
    for (const [offset, accepted] of [
      [-60_000, false],
      [-30_000, true],
      [0, true],
      [30_000, true],
      [60_000, false],
    ] as const) {
      const code = totpCodeAt(RFC_SECRET, new Date(at.getTime() + offset));
      const got = acceptedTotpStep(RFC_SECRET, code, at, null);
      expect(got, `offset ${offset}`).toBe(accepted ? step + offset / 30_000 : null);
    }
  });

  it('refuses a step already used, and a wrong code', () => {
    const at = new Date('2029-06-01T12:00:10Z');
    const code = totpCodeAt(RFC_SECRET, at);
    const step = acceptedTotpStep(RFC_SECRET, code, at, null)!;
    expect(acceptedTotpStep(RFC_SECRET, code, at, step)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, code, at, step - 1)).toBe(step);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(acceptedTotpStep(RFC_SECRET, wrong, at, null)).toBeNull();
  });

  it('makes 32-character base32 secrets and an otpauth URI naming the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, 'ann@museum.example');
    expect(uri).toContain('otpauth://totp/');
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('ann%40museum.example');
  });
});
