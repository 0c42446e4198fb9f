import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLORS } from '@/modules/sellers/default-theme';
import { makeMailBrand, TEST_ORIGIN } from './mail-test-kit';

describe('mail brand: the storefront theme, read for a mail', () => {
  it('takes the stored colours over the defaults of the theme mode', () => {
    const brand = makeMailBrand({
      stored: { theme: { mode: 'dark', colors: { primary: '#aa0000' } } },
    });
    expect(brand.colorScheme).toBe('dark');
    expect(brand.colors).toEqual({ ...DEFAULT_THEME_COLORS.dark, primary: '#aa0000' });
    expect(brand.footerText).toBe('© Museum of Light & Time');
    expect(brand.homeUrl).toBe(`${TEST_ORIGIN}/museum`);
  });

  it('puts a relative logo on the public origin, asking the image route for twice its height', () => {
    const brand = makeMailBrand({
      stored: { theme: { logo_url: '/api/image/museum/logo.png', logo_height_px: 40 } },
    });
    expect(brand.logo).toEqual({
      src: `${TEST_ORIGIN}/api/image/museum/logo.png?height=80`,
      alt: 'Museum of Light & Time',
      heightPx: 40,
    });
  });

  it("on the seller's own domain, links home to its root and takes the logo from it (0071)", () => {
    const brand = makeMailBrand({
      root: 'https://tickets.museum.example',
      stored: { theme: { logo_url: '/api/image/museum/logo.png', logo_height_px: 40 } },
    });
    expect(brand.homeUrl).toBe('https://tickets.museum.example');
    expect(brand.logo?.src).toBe(
      'https://tickets.museum.example/api/image/museum/logo.png?height=80',
    );
  });

  it("keeps a seller's absolute https logo, and shows none for other schemes or no logo", () => {
    const cdn = 'https://cdn.museum.example/logo.png';
    expect(makeMailBrand({ stored: { theme: { logo_url: cdn } } }).logo?.src).toBe(cdn);
    for (const logo_url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '', '  ']) {
      expect(makeMailBrand({ stored: { theme: { logo_url } } }).logo, logo_url).toBeNull();
    }
  });

  it('reads the locale like the storefront: stored, else the currency’s usual one', () => {
    expect(makeMailBrand({ seller: { currency: 'GBP' } }).locale).toBe('en-GB');
    expect(makeMailBrand({ seller: { currency: 'EUR' }, stored: { locale: 'de-DE' } }).locale).toBe(
      'de-DE',
    );
    // a stored value the formatter cannot use falls back instead of failing the mail
    expect(makeMailBrand({ stored: { locale: 'not a locale!' } }).locale).toBe('en-US');
  });

  it('falls back to the defaults when a stored theme breaks its type (the mail still goes)', () => {
    const brand = makeMailBrand({
      stored: { theme: { colors: { primary: 42 } } } as unknown as Record<string, never>,
    });
    expect(brand.colors).toEqual(DEFAULT_THEME_COLORS.light);
    expect(brand.logo).toBeNull();
  });
});
