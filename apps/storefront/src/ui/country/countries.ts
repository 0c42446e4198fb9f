import { PHONE_COUNTRY_CODES } from '@/ui/country/country-codes';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, as the purchaser's `country` is sent */
  code: string;
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/** A country's name in the seller's locale ("GB" in en-GB: "United Kingdom"); the code if unknown. */
export function countryName(code: string, locale: string): string {
  return countryOptions(locale).find((o) => o.code === code.toUpperCase())?.name ?? code;
}

/**
 * The countries a purchaser can choose, named in the seller's locale and sorted by name. The
 * codes are those libphonenumber-js knows (the phone field's list, written out in country-codes), the
 * names come from the browser (Intl.DisplayNames); a code the browser cannot name shows as is.
 */
export function countryOptions(locale: string): CountryOption[] {
  const known = cache.get(locale);
  if (known) return known;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  const options = PHONE_COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort(
    (a, b) => collator.compare(a.name, b.name),
  );
  cache.set(locale, options);
  return options;
}
