import { describe, expect, it } from 'vitest';
import { noticePayloads, parseCacheNotice } from './cache-notices';

describe('cache notice payloads (decisions 0097, 0103)', () => {
  it('cuts a batch into payloads PostgreSQL takes, every scope once and in order', () => {
    const scopes = Array.from(
      { length: 400 },
      (_, i) => `event_session:${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
    );
    const payloads = noticePayloads(scopes);
    expect(payloads.length).toBeGreaterThan(1);
    // PostgreSQL refuses 8000 bytes or more; the position ('FFFFFFFF/FFFFFFFF ') goes in front
    for (const payload of payloads)
      expect(`FFFFFFFF/FFFFFFFF ${payload}`.length).toBeLessThan(8000);
    const back = payloads.flatMap((p) => parseCacheNotice(`0/1 ${p}`)!.scopes);
    expect(back).toEqual(scopes);
  });

  it('sends one payload for a few scopes and none for none', () => {
    expect(noticePayloads(['event:a', 'seller:b'])).toEqual(['event:a seller:b']);
    expect(noticePayloads([])).toEqual([]);
  });
});
