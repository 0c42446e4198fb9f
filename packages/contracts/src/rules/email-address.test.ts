import { describe, expect, it } from 'vitest';
import { EMAIL_MAX } from '../constants';
import { isEmailAddress } from './email-address';

describe('the e-mail address rule (identity §5)', () => {
  it.each([
    'ada@example.org',
    'Grace@Example.org',
    'first.last+tag@mail.museum.co.uk',
    'no-email+4711@museum.org',
    'no-email+door@staff.admit.test',
    "o'brien@example.ie",
    'ada@xn--mnchen-3ya.de',
    'a@b.co',
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['no @', 'ada.example.org'],
    ['no local part', '@example.org'],
    ['no domain', 'ada@'],
    ['two @', 'ada@home@example.org'],
    ['no dot in the domain', 'grace@localhost'],
    ['a space inside', 'ada lovelace@example.org'],
    ['a space in the domain', 'ada@exa mple.org'],
    ['a leading space', ' ada@example.org'],
    ['a trailing space', 'ada@example.org '],
    ['a tab', 'ada@example.org\t'],
    ['a trailing dot', 'ada@example.org.'],
    ['a leading dot in the domain', 'ada@.example.org'],
    ['an empty label', 'ada@example..org'],
    ['only a dot after the @', 'ada@.'],
  ])('refuses %s', (_why, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it(`allows at most ${EMAIL_MAX} characters`, () => {
    const domain = '@example.org';
    const longest = `${'a'.repeat(EMAIL_MAX - domain.length)}${domain}`;
    expect(longest).toHaveLength(EMAIL_MAX);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`a${longest}`)).toBe(false);
  });
});
