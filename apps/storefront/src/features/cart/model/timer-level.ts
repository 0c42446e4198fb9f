import {
  CART_TIMER_DISPLAY_BELOW_SECONDS,
  CART_TIMER_THRESHOLDS,
} from '@admit/contracts/constants';

/** spec: shopping §4 "Cart timer" — info above 300 s, warning 300–121, error ≤ 120, critical ≤ 30. */
export type TimerLevel = 'info' | 'warning' | 'error' | 'critical';

export function timerLevel(seconds: number): TimerLevel {
  if (seconds <= CART_TIMER_THRESHOLDS.critical) return 'critical';
  if (seconds <= CART_TIMER_THRESHOLDS.error) return 'error';
  if (seconds <= CART_TIMER_THRESHOLDS.warning) return 'warning';
  return 'info';
}

/** Shown only when under 20 minutes remain and time is above zero. */
export function isTimerShown(seconds: number): boolean {
  return seconds > 0 && seconds < CART_TIMER_DISPLAY_BELOW_SECONDS;
}

/** The thresholds announced to screen readers, highest first: 300, 120, 30. */
export const ANNOUNCED_THRESHOLDS = [
  CART_TIMER_THRESHOLDS.warning,
  CART_TIMER_THRESHOLDS.error,
  CART_TIMER_THRESHOLDS.critical,
] as const;

/**
 * The threshold to announce now, if any: the lowest one reached that was not announced yet.
 * A tab that wakes up late (at 100 s) announces 120 and never 300, since 300 is stale.
 */
export function thresholdToAnnounce(
  seconds: number,
  announced: ReadonlySet<number>,
): number | null {
  if (seconds <= 0) return null;
  const reached = ANNOUNCED_THRESHOLDS.filter((threshold) => seconds <= threshold);
  const lowest = reached[reached.length - 1];
  return lowest !== undefined && !announced.has(lowest) ? lowest : null;
}
