import { z } from 'zod';
import { IMAGE_PATH_PREFIX, sizedImageUrl } from '@admit/contracts/images';
import { storedSellerConfigSchema, type Theme } from '@admit/contracts/seller-config';
import type { Executor } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { sellerTheme, storedSellerLocale } from '@/modules/sellers/seller-config';
import { readStoredConfig } from '@/modules/sellers/seller-settings';

/**
 * How a seller's mails look and read (decision 0030): the storefront's theme, logo and locale,
 * and the seller's storefront root (its domain, or public origin and slug; decision 0071),
 * which every link and the logo use.
 */
export interface MailBrand {
  sellerName: string;
  /** the storefront's home page */
  homeUrl: string;
  /** money and the `lang` of the mail */
  locale: string;
  /** the seller's zone: dates that belong to no venue (order date, membership expiry) */
  timeZone: string;
  colorScheme: Theme['mode'];
  colors: Theme['colors'];
  fonts: Theme['fonts'];
  radiusPx: number;
  /** an absolute http(s) URL; null: the seller's name stands in for it */
  logo: { src: string; alt: string; heightPx: number } | null;
  footerText: string;
}

export type MailSeller = Pick<SellerRef, 'slug' | 'name' | 'currency' | 'timezone'>;

// each part read on its own: a stored value that breaks its type reads as absent, so a bad
// setting costs a mail its branding, never the order or the login it reports
const storedBrandSchema = z.object({
  theme: storedSellerConfigSchema.shape.theme.catch(undefined),
});

/**
 * The logo as mail clients fetch it: a relative `logo_url` (the seller's own image route)
 * becomes absolute on the storefront's origin, at twice its shown height for sharp screens; an
 * absolute http(s) URL is the seller's own choice and stays; anything else shows no logo.
 */
function logoSrc(logoUrl: string, origin: string, heightPx: number): string | null {
  if (!logoUrl.trim()) return null;
  let url: URL;
  try {
    url = new URL(logoUrl, `${origin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const ownImage =
    url.origin === new URL(origin).origin &&
    url.pathname.startsWith(`${IMAGE_PATH_PREFIX}/`) &&
    !url.search;
  return ownImage ? sizedImageUrl(url.href, { height: heightPx * 2 }) : url.href;
}

/** The brand of a stored seller config; `root` is its storefront root (`storefrontRootOf`). */
export function mailBrandOf(stored: unknown, seller: MailSeller, root: string): MailBrand {
  const parsed = storedBrandSchema.safeParse(stored ?? {});
  const brand = parsed.success ? parsed.data : { theme: undefined };
  const theme = sellerTheme(brand.theme, seller.name);
  const src = logoSrc(theme.logo_url, root, theme.logo_height_px);
  return {
    sellerName: seller.name,
    homeUrl: root,
    locale: storedSellerLocale(stored, seller.currency),
    timeZone: seller.timezone,
    colorScheme: theme.mode,
    colors: theme.colors,
    fonts: theme.fonts,
    radiusPx: theme.border_radius_px,
    logo: src ? { src, alt: theme.logo_alt, heightPx: theme.logo_height_px } : null,
    footerText: theme.footer_text,
  };
}

/** Reads a seller's brand for a mail (one small query; inside the caller's transaction). */
export async function loadMailBrand(
  db: Executor,
  seller: MailSeller & { id: string },
  root: string,
): Promise<MailBrand> {
  return mailBrandOf(await readStoredConfig(db, seller.id), seller, root);
}
