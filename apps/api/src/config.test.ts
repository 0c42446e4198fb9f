import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
