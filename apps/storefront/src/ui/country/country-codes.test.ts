import { describe, expect, it } from 'vitest';
import { getCountries } from 'libphonenumber-js';
import { PHONE_COUNTRY_CODES, isPhoneCountry } from '@/ui/country/country-codes';

describe('PHONE_COUNTRY_CODES', () => {
  it("is the library's list of phone countries, so an upgrade cannot leave it behind", () => {
    expect(PHONE_COUNTRY_CODES).toEqual(getCountries());
  });

  it('knows supported countries and nothing else', () => {
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('gb')).toBe(false);
    expect(isPhoneCountry('XX')).toBe(false);
  });
});
