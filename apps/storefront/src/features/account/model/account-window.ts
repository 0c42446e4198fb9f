import { wallMidnightInstant, zoneOffsetMinutes } from '@admit/contracts/zone-arithmetic';

/**
 * spec: identity §9 "Account sessions list window: start of the month one year ahead" — the
 * upcoming list ends at midnight of the first day of this month next year, in the seller's zone.
 */
export function accountWindowEnd(now: number, timeZone: string): string {
  const today = new Date(now + zoneOffsetMinutes(now, timeZone) * 60_000);
  const end = wallMidnightInstant(today.getUTCFullYear() + 1, today.getUTCMonth(), 1, timeZone);
  return new Date(end).toISOString();
}
