import { decimalToMinor } from '@admit/contracts/money';
import type { FileMoney } from '@admit/contracts/seller-file/primitives';
import { addDays, zonedWallTimeToUtc } from '@/lib/zoned-time';

/** A seller file's values as the database keeps them (decision 0041; money: decision 0002). */

export const toMinor = (money: FileMoney) =>
  typeof money === 'number' ? Math.round(money * 100) : decimalToMinor(money);
export const toMinorOrNull = (money: FileMoney | undefined) =>
  money === undefined ? null : toMinor(money);
/** thousandths of a percent (8.875 % → 8875; docs/decisions/0002) */
export const toMillipercent = (percent: string | number) => Math.round(Number(percent) * 1000);

/** `today`, `today+N` or a date, against the venue's today. */
export function resolveDate(value: string, today: string): string {
  const m = /^today(?:\+(\d+))?$/.exec(value);
  return m ? addDays(today, Number(m[1] ?? 0)) : value;
}

export const wallClock = (value: string | undefined, zone: string) => {
  if (value === undefined) return null;
  const [date, time] = value.split('T') as [string, string];
  return zonedWallTimeToUtc(date, time, zone);
};
