import { describe, expect, it } from 'vitest';
import { needsEmail } from './no-email';

describe('the no-email marker, except test accounts (identity §6, decision 0077)', () => {
  it('asks for an e-mail when there is none or it starts with the marker', () => {
    expect(needsEmail(null)).toBe(true);
    expect(needsEmail('  ')).toBe(true);
    expect(needsEmail('no-email+4711@museum.org')).toBe(true);
    expect(needsEmail('ada@museum.org')).toBe(false);
  });

  it('lets a test account behind the marker through', () => {
    expect(needsEmail('no-email+qa@example.org')).toBe(false);
    expect(needsEmail('no-email+door@staff.admit.test')).toBe(false);
    // a real domain that merely looks alike is no test account
    expect(needsEmail('no-email+qa@example.org.uk')).toBe(true);
    expect(needsEmail('no-email+qa@contest.com')).toBe(true);
  });
});
