import {
  CART_EXTENSION_OFFER_SECONDS,
  CART_MAX_EXTENSIONS,
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

/**
 * spec: shopping §4 — the offer shows at ≤ 60 s, not expired, and not declined; and (decision
 * 0025) not once the cart had the extensions the server grants.
 */
export function shouldOfferExtension(seconds: number, declined: boolean, extensions = 0): boolean {
  return (
    seconds > 0 &&
    seconds <= CART_EXTENSION_OFFER_SECONDS &&
    !declined &&
    extensions < CART_MAX_EXTENSIONS
  );
}

/** m:ss for the countdown, e.g. 4:05. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, seconds);
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** Whole seconds left until a local expiry (epoch ms), never negative. */
export function secondsLeft(localExpiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((localExpiresAt - now) / 1000));
}
