/**
 * Money travels as a decimal string with two places ("25.00"); the database keeps integer
 * minor units. These two functions are the only conversion between them. No zod here: the
 * storefront's first load uses them (the schema lives in money-schema.ts).
 */

export function minorToDecimal(minor: number): string {
  if (!Number.isInteger(minor)) throw new RangeError(`not an integer minor amount: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function decimalToMinor(decimal: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${decimal}`);
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -minor : minor;
}

// one formatter per locale and currency: a calendar formats a price for every day of a year
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money for people to read: a wire decimal ("25.00") in `currency`, formatted for `locale`
 * ("$25.00", "£25.00", "25,00 €"). The one money format of the storefront and the e-mails.
 */
export function formatMoney(decimalString: string, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(Number(decimalString));
}
