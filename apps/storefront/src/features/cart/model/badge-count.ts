import { BADGE_MAX } from '@admit/contracts/constants';

/** spec: shopping §9 — badge counts display "99+" at 100 or more. */
export function badgeCount(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
