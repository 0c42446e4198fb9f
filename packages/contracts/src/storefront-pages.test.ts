import { describe, expect, it } from 'vitest';
import { matchesRoutePath, preloadedPageOf } from './storefront-pages';

describe('preloadedPageOf', () => {
  it.each([
    ['events', 'events'],
    ['events/', 'events'],
    ['events/5b9c0d6e-0000-4000-8000-000000000001', 'event'],
    ['events/5b9c0d6e-0000-4000-8000-000000000001/gift', 'event'],
    ['checkout', 'checkout'],
    ['checkout/abc', 'checkout'],
    ['checkout/complete', 'checkout-complete'],
  ])('%s shows the %s page', (path, name) => {
    expect(preloadedPageOf(path)?.name).toBe(name);
  });

  it.each(['', 'my', 'events/a/b/c', 'checkout/pending/abc', 'eventsx'])(
    '%s is none of them',
    (path) => {
      expect(preloadedPageOf(path)).toBeUndefined();
    },
  );

  it('matches literal segments exactly and parameters by position', () => {
    expect(matchesRoutePath('a/:b?', 'a')).toBe(true);
    expect(matchesRoutePath('a/:b?', 'a/x')).toBe(true);
    expect(matchesRoutePath('a/:b?', 'a/x/y')).toBe(false);
    expect(matchesRoutePath('a/:b', 'a')).toBe(false);
  });
});
