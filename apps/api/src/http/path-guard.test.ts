import { describe, expect, it } from 'vitest';
import { nulFieldOf } from './path-guard';

describe('nulFieldOf', () => {
  it('names the first string holding a NUL, however deep', () => {
    expect(nulFieldOf({ email: '\u0000' })).toBe('email');
    expect(nulFieldOf({ purchaser: { city: 'a\u0000b' } })).toBe('purchaser.city');
    expect(nulFieldOf({ tickets: ['x', 'y\u0000'] })).toBe('tickets.1');
    expect(nulFieldOf('\u0000')).toBe('body');
  });

  it('passes bodies without one', () => {
    expect(nulFieldOf({ email: 'a@example.org', n: 1, ok: true, none: null, list: [] })).toBeNull();
    expect(nulFieldOf(undefined)).toBeNull();
  });
});
