import { describe, expect, it } from 'vitest';
import {
  applyReadNotice,
  clearWithCatalogue,
  eventReadScope,
  forgetAllReads,
  forgetSellerReads,
  forgetSessionReads,
  readScopeGeneration,
  sellerReadScope,
  sessionReadScope,
  setReadNoticePublisher,
} from './read-scopes';

/** The generations behind scoped cache keys (decision 0052 "Cache"). */
describe('read scopes', () => {
  const A = 'AAAAAAAA-0000-4000-8000-000000000001';
  const B = 'aaaaaaaa-0000-4000-8000-000000000002';

  it('moves a session scope on when its reads are forgotten, and only that scope, per database', () => {
    const db = {};
    const other = {};
    const a = sessionReadScope(A);
    const b = sessionReadScope(B);
    const before = [readScopeGeneration(db, a), readScopeGeneration(db, b)];
    void forgetSessionReads(db, [A, null, undefined]);
    expect(readScopeGeneration(db, a)).not.toBe(before[0]);
    expect(readScopeGeneration(db, b)).toBe(before[1]);
    // ids are compared lower-cased
    expect(sessionReadScope(A)).toBe(sessionReadScope(A.toLowerCase()));
    expect(readScopeGeneration(other, a)).toBe(0);
    const once = readScopeGeneration(db, a);
    void forgetSessionReads(db, [A]);
    expect(readScopeGeneration(db, a)).toBeGreaterThan(once);
  });

  it('never hands a scope back a generation a body was stored under before its last change, also past the bound', () => {
    const db = {};
    const a = sessionReadScope(A);
    void forgetSessionReads(db, [A]);
    const seen = new Set([readScopeGeneration(db, a)]);
    // fill the map past its bound, so it is dropped and the floor rises
    for (let i = 0; i < 10_050; i++) {
      void forgetSessionReads(db, [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`]);
    }
    // A was dropped: it reads the floor, a generation newer than any it had (a miss, never stale)
    expect(seen.has(readScopeGeneration(db, a))).toBe(false);
    expect(readScopeGeneration(db, a)).toBeGreaterThan([...seen][0]!);
  });
});

/** Forgets sent to the other nodes and applied from them (decision 0097). */
describe('read scopes across nodes', () => {
  const A = 'aaaaaaaa-0000-4000-8000-000000000001';
  const S = 'bbbbbbbb-0000-4000-8000-000000000001';

  it('sends each forget through the attached publisher, and forgets the events it answers here', async () => {
    const db = {};
    const sent: string[] = [];
    const event = eventReadScope(S);
    await forgetSessionReads(db, [A]);
    forgetSellerReads(db, S);
    expect(sent).toEqual([]);
    // without a publisher the event is not known here: its reads wait for their TTL
    expect(readScopeGeneration(db, event)).toBe(0);
    setReadNoticePublisher(db, {
      sessions: async (ids) => {
        sent.push(`sessions ${ids.join(',')}`);
        return [event];
      },
      seller: (id) => void sent.push(`seller ${id}`),
    });
    await forgetSessionReads(db, [A, A, null]);
    await forgetSessionReads(db, []);
    forgetSellerReads(db, S);
    expect(sent).toEqual([`sessions ${A}`, `seller ${S}`]);
    // the writer's answer goes out after this node's event reads went stale
    expect(readScopeGeneration(db, event)).toBeGreaterThan(0);
    setReadNoticePublisher(db, null);
    await forgetSessionReads(db, [A]);
    expect(sent).toHaveLength(2);
  });

  it('applies a notice: its scopes move on, a seller scope clears the catalogue caches', () => {
    const db = {};
    let cleared = 0;
    clearWithCatalogue(db, { clear: () => (cleared += 1) });
    const scopes = [sessionReadScope(A), eventReadScope(A), sellerReadScope(S)];
    const before = scopes.map((scope) => readScopeGeneration(db, scope));
    applyReadNotice(db, [eventReadScope(A)]);
    expect(readScopeGeneration(db, scopes[1]!)).not.toBe(before[1]);
    expect(readScopeGeneration(db, scopes[0]!)).toBe(before[0]);
    expect(readScopeGeneration(db, scopes[2]!)).toBe(before[2]);
    expect(cleared).toBe(0);
    applyReadNotice(db, [sellerReadScope(S)]);
    expect(readScopeGeneration(db, scopes[2]!)).not.toBe(before[2]);
    expect(cleared).toBe(1);
  });

  it('forgets everything when the listener (re)connects: no key from before is read again', async () => {
    const db = {};
    let cleared = 0;
    clearWithCatalogue(db, { clear: () => (cleared += 1) });
    const scopes = [sessionReadScope(A), eventReadScope(A), sellerReadScope(S)];
    await forgetSessionReads(db, [A]);
    const seen = scopes.map((scope) => readScopeGeneration(db, scope));
    forgetAllReads(db);
    scopes.forEach((scope, i) => expect(readScopeGeneration(db, scope)).toBeGreaterThan(seen[i]!));
    expect(cleared).toBe(1);
  });
});
