import { describe, expect, it } from 'vitest';
import { forgetSessionReads, readScopeGeneration, sessionReadScope } from './read-scopes';

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
    forgetSessionReads(db, [A, null, undefined]);
    expect(readScopeGeneration(db, a)).not.toBe(before[0]);
    expect(readScopeGeneration(db, b)).toBe(before[1]);
    // ids are compared lower-cased
    expect(sessionReadScope(A)).toBe(sessionReadScope(A.toLowerCase()));
    expect(readScopeGeneration(other, a)).toBe(0);
    const once = readScopeGeneration(db, a);
    forgetSessionReads(db, [A]);
    expect(readScopeGeneration(db, a)).toBeGreaterThan(once);
  });

  it('never hands a scope back a generation a body was stored under before its last change, also past the bound', () => {
    const db = {};
    const a = sessionReadScope(A);
    forgetSessionReads(db, [A]);
    const seen = new Set([readScopeGeneration(db, a)]);
    // fill the map past its bound, so it is dropped and the floor rises
    for (let i = 0; i < 10_050; i++) {
      forgetSessionReads(db, [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`]);
    }
    // A was dropped: it reads the floor, a generation newer than any it had (a miss, never stale)
    expect(seen.has(readScopeGeneration(db, a))).toBe(false);
    expect(readScopeGeneration(db, a)).toBeGreaterThan([...seen][0]!);
  });
});
