import { expect } from 'vitest';
import type { StoredSellerConfig } from '@admit/contracts/seller-config';
import { mailBrandOf, type MailBrand, type MailSeller } from './mail-brand';
import type { MailContent } from './templates/render-mail';

export const TEST_ORIGIN = 'https://tickets.example.org';

/**
 * A seller's mail brand from a stored config, as `loadMailBrand` reads one (factory); `root` is
 * the storefront root, by default the seller's slug path on TEST_ORIGIN (a shared host).
 */
export function makeMailBrand(
  overrides: { seller?: Partial<MailSeller>; stored?: StoredSellerConfig; root?: string } = {},
): MailBrand {
  const seller: MailSeller = {
    slug: 'museum',
    name: 'Museum of Light & Time',
    currency: 'USD',
    timezone: 'America/New_York',
    ...overrides.seller,
  };
  return mailBrandOf(
    overrides.stored ?? {},
    seller,
    overrides.root ?? `${TEST_ORIGIN}/${seller.slug}`,
  );
}

/**
 * What every rendered mail must be (test kit): an HTML document in the seller's language and
 * colours, and a plain-text part that reads as text (no markup, no hidden preview padding) and
 * carries `mustRead` — what the mail is for — like the HTML does.
 */
export function expectBrandedMail(mail: MailContent, brand: MailBrand, mustRead: string[]) {
  expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
  expect(mail.html).toContain(`lang="${brand.locale}"`);
  expect(mail.html).toContain(`background-color:${brand.colors.background}`);
  expect(mail.html).toContain(`background-color:${brand.colors.surface}`);
  expect(mail.html).toContain(`<title>`);
  expect(mail.text.trim().length).toBeGreaterThan(0);
  expect(mail.text).not.toMatch(/<\/?(?:p|a|table|td|div|img|strong|h1|h2)\b/);
  // the inbox preview is padded with invisible characters; they stay out of the text part
  expect(mail.text).not.toMatch(/[\u200b-\u200f\ufeff]/);
  expect(mail.text).toContain(brand.footerText);
  for (const words of mustRead) {
    expect(mail.text, `text part: ${words}`).toContain(words);
  }
}

/** The HTML with React's text separators removed is what a reader sees as one sentence. */
export const visibleHtml = (html: string) => html.replace(/<!-- -->/g, '');
