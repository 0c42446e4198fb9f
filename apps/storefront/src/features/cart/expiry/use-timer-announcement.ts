import { useEffect, useRef, useState } from 'react';
import { CART_TIMER_THRESHOLDS } from '@admit/contracts/constants';
import { ANNOUNCED_THRESHOLDS, thresholdToAnnounce } from '@/features/cart/model/timer-level';

export interface TimerAnnouncement {
  threshold: number;
  /** the last 30 s are urgent: assertive; 300 and 120 wait their turn: polite */
  urgent: boolean;
}

/**
 * spec: shopping §4 — the timer is announced to screen readers at 300, 120 and 30 s, once per
 * threshold. After an extension lifts the time back above a threshold it may be announced again.
 */
export function useTimerAnnouncement(seconds: number | null): TimerAnnouncement | null {
  const announced = useRef(new Set<number>());
  const [announcement, setAnnouncement] = useState<TimerAnnouncement | null>(null);
  useEffect(() => {
    if (seconds === null) {
      announced.current.clear();
      setAnnouncement(null);
      return;
    }
    for (const threshold of ANNOUNCED_THRESHOLDS) {
      if (seconds > threshold) announced.current.delete(threshold);
    }
    const threshold = thresholdToAnnounce(seconds, announced.current);
    if (threshold === null) return;
    announced.current.add(threshold);
    setAnnouncement({ threshold, urgent: threshold <= CART_TIMER_THRESHOLDS.critical });
  }, [seconds]);
  return announcement;
}
