import type { CountryCode } from 'libphonenumber-js';
import { isPhoneCountry } from '@/ui/country/country-codes';
import { PHONE_COUNTRY_BY_CURRENCY } from '@admit/contracts/constants';

/** spec: shopping §9 — the configured default, else from the currency, else US. */
export function defaultPhoneCountry(configured: string | null, currency: string): CountryCode {
  const candidates = [configured?.toUpperCase(), PHONE_COUNTRY_BY_CURRENCY[currency.toUpperCase()]];
  for (const candidate of candidates) {
    if (candidate && isPhoneCountry(candidate)) return candidate;
  }
  return 'US';
}
