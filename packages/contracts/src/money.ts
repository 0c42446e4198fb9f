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
