import { describe, expect, it } from 'vitest';
import { isTimerShown, thresholdToAnnounce, timerLevel } from '@/features/cart/model/timer-level';

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
