import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isAcceptablePassword, passwordClassCount, passwordProblems } from './password-rules';

describe('password rules (identity §5)', () => {
  it('accepts 8+ printable characters from 3 of 4 classes', () => {
    expect(passwordProblems('Abcdefg1')).toEqual([]);
    expect(passwordProblems('abcdef1!')).toEqual([]);
    expect(passwordProblems('ÄBCdef 1')).toEqual([]);
  });

  it('names each problem', () => {
    expect(passwordProblems('')).toEqual(['required']);
    expect(passwordProblems('Ab1!')).toEqual(['too_short']);
    expect(passwordProblems('A1!' + 'a'.repeat(252))).toEqual(['too_long']);
    expect(passwordProblems(' Abcdef1')).toEqual(['edge_space']);
    expect(passwordProblems('Abcdef1 ')).toEqual(['edge_space']);
    expect(passwordProblems('Abcd\u0007ef1')).toEqual(['not_printable']);
    expect(passwordProblems('abcdefgh1')).toEqual(['too_few_classes']);
  });

  it('counts the four classes', () => {
    expect(passwordClassCount('aA1!')).toBe(4);
    expect(passwordClassCount('aaaa')).toBe(1);
  });

  it('never accepts a password of fewer than 3 classes or under 8 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (p) => {
        if (isAcceptablePassword(p)) {
          expect([...p].length).toBeGreaterThanOrEqual(8);
          expect(passwordClassCount(p)).toBeGreaterThanOrEqual(3);
          expect(p.trim()).toBe(p);
        }
      }),
    );
  });
});
