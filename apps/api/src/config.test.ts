import { describe, expect, it, vi } from 'vitest';
import { clockOf, loadConfig } from './config';

describe('SEED_NOW (the demo seed’s clock)', () => {
  it('is unset by default: the seed uses the start time', () => {
    expect(loadConfig({}).SEED_NOW).toBeUndefined();
  });

  it('parses an ISO instant with its offset', () => {
    expect(loadConfig({ SEED_NOW: '2026-11-24T18:51:00-05:00' }).SEED_NOW).toEqual(
      new Date('2026-11-24T23:51:00Z'),
    );
  });

  it('stops start-up on a value that is not an instant', () => {
    expect(() => loadConfig({ SEED_NOW: '2026-11-24 evening' })).toThrow(/SEED_NOW/);
    // without an offset the instant would depend on the machine's zone
    expect(() => loadConfig({ SEED_NOW: '2026-11-24T23:51:00' })).toThrow(/SEED_NOW/);
  });
});

describe('TEST_CLOCK_START (a tests-only clock that starts at an instant and runs on)', () => {
  it('is refused in production, where it would move every hold and visit date', () => {
    const env = { TEST_CLOCK_START: '2026-11-24T14:00:00Z', PUBLIC_URL: 'https://t.example' };
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).toThrow(/TEST_CLOCK_START/);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).TEST_CLOCK_START).toEqual(
      new Date('2026-11-24T14:00:00Z'),
    );
  });

  it('starts the clock at the instant and lets it run on; unset, the clock is the real one', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    try {
      const config = loadConfig({ TEST_CLOCK_START: '2026-11-24T14:00:00Z' });
      const clock = clockOf(config);
      expect(clock()).toEqual(new Date('2026-11-24T14:00:00Z'));
      vi.advanceTimersByTime(90_000);
      expect(clock()).toEqual(new Date('2026-11-24T14:01:30Z'));
      expect(clockOf(loadConfig({}))()).toEqual(new Date('2030-01-01T00:01:30Z'));
    } finally {
      vi.useRealTimers();
    }
  });
});
