import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attributionFromQuery,
  landingAttribution,
  rememberLanding,
  withLandingAttribution,
} from '@/stores/landing-attribution';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('landing attribution (shopping §7 new cart: campaign, preloadedPromoCodes)', () => {
  it('reads `campaign`, else `utm_campaign`, and every `code`', () => {
    expect(attributionFromQuery('?utm_campaign=spring&code=SPRING10&code=%20KIDS%20')).toEqual({
      campaign: 'spring',
      promoCodes: ['SPRING10', 'KIDS'],
    });
    expect(attributionFromQuery('?campaign=poster&utm_campaign=spring')).toEqual({
      campaign: 'poster',
      promoCodes: [],
    });
  });

  it('ignores empty and over-long values the API would refuse the reserve for', () => {
    expect(
      attributionFromQuery(`?campaign=${'x'.repeat(101)}&code=${'c'.repeat(36)}&code=`),
    ).toEqual({
      campaign: null,
      promoCodes: [],
    });
    expect(attributionFromQuery(`?campaign=${'x'.repeat(100)}`).campaign).toHaveLength(100);
  });

  it('keeps the visit across pages: the last campaign wins, codes add up once', () => {
    rememberLanding('?campaign=poster&code=A');
    rememberLanding('?date=2026-12-01');
    expect(landingAttribution()).toEqual({ campaign: 'poster', promoCodes: ['A'] });
    rememberLanding('?utm_campaign=newsletter&code=B&code=A');
    expect(landingAttribution()).toEqual({ campaign: 'newsletter', promoCodes: ['A', 'B'] });
  });

  it('adds the visit to a body without overriding what the form set', () => {
    rememberLanding('?campaign=poster&code=A');
    expect(withLandingAttribution({})).toEqual({ campaign: 'poster', preloadedPromoCodes: ['A'] });
    expect(withLandingAttribution({ campaign: 'own', preloadedPromoCodes: [] })).toEqual({
      campaign: 'own',
      preloadedPromoCodes: [],
    });
  });

  it('a visit with no landing query adds nothing', () => {
    const body: { campaign?: string; remove: { tickets: string[] } } = { remove: { tickets: [] } };
    expect(withLandingAttribution(body)).toEqual({ remove: { tickets: [] } });
  });

  it('a refused or corrupt storage loses the attribution, never throws', () => {
    sessionStorage.setItem('admit.landing', '{not json');
    expect(landingAttribution()).toEqual({ campaign: null, promoCodes: [] });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberLanding('?campaign=x')).not.toThrow();
  });
});
