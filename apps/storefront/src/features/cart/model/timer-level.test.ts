import { CART_MAX_EXTENSIONS } from '@admit/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  isTimerShown,
  secondsLeft,
  shouldOfferExtension,
  thresholdToAnnounce,
  timerLevel,
} from '@/features/cart/model/timer-level';

describe('timer levels (shopping §4: info > 300, warning 300–121, error ≤ 120, critical ≤ 30)', () => {
  it.each([
    [1199, 'info'],
    [301, 'info'],
    [300, 'warning'],
    [121, 'warning'],
    [120, 'error'],
    [31, 'error'],
    [30, 'critical'],
    [1, 'critical'],
  ])('%i s is %s', (seconds, level) => {
    expect(timerLevel(seconds)).toBe(level);
  });
});

describe('timer display', () => {
  it('shows only under 20 minutes and above zero', () => {
    expect(isTimerShown(1200)).toBe(false);
    expect(isTimerShown(1199)).toBe(true);
    expect(isTimerShown(1)).toBe(true);
    expect(isTimerShown(0)).toBe(false);
  });

  it('formats m:ss and counts whole seconds up', () => {
    expect(formatCountdown(305)).toBe('5:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('announcements at 300, 120 and 30 s, once each', () => {
  it('announces each threshold when reached and never twice', () => {
    const announced = new Set<number>();
    expect(thresholdToAnnounce(301, announced)).toBeNull();
    expect(thresholdToAnnounce(300, announced)).toBe(300);
    announced.add(300);
    expect(thresholdToAnnounce(299, announced)).toBeNull();
    expect(thresholdToAnnounce(120, announced)).toBe(120);
    announced.add(120);
    expect(thresholdToAnnounce(30, announced)).toBe(30);
    announced.add(30);
    expect(thresholdToAnnounce(5, announced)).toBeNull();
  });

  it('skips a threshold that went by unseen and announces the current one', () => {
    expect(thresholdToAnnounce(100, new Set())).toBe(120);
  });

  it('announces nothing once the time is up', () => {
    expect(thresholdToAnnounce(0, new Set())).toBeNull();
  });
});

describe('extension offer (≤ 60 s, not expired, not declined)', () => {
  it.each([
    [61, false, false],
    [60, false, true],
    [1, false, true],
    [0, false, false],
    [30, true, false],
  ])('%i s, declined %s → %s', (seconds, declined, offered) => {
    expect(shouldOfferExtension(seconds, declined)).toBe(offered);
  });

  it('stops once the cart had the extensions the server grants', () => {
    expect(shouldOfferExtension(30, false, CART_MAX_EXTENSIONS - 1)).toBe(true);
    expect(shouldOfferExtension(30, false, CART_MAX_EXTENSIONS)).toBe(false);
  });
});
