import { describe, expect, it } from 'vitest';
import {
  parseQuantityQuery,
  parseReserveMode,
  parseReserveQuery,
  resolveQuantityRequests,
} from '@/features/reserve/model/reserve-query';

const q = (search: string) => parseReserveQuery(new URLSearchParams(search));

describe('reserve query parameters (shopping §2, §5)', () => {
  it('reads session, date, tg, select, price and code', () => {
    expect(q('date=2026-12-01&tg=a,b&select=t1&price=12.5&code=SPRING')).toEqual({
      sessionId: null,
      date: '2026-12-01',
      conflict: false,
      quantities: [],
      mode: 'false',
      ticketGroupIds: ['a', 'b'],
      selectTypeId: 't1',
      price: '12.5',
      code: 'SPRING',
    });
    expect(q('session=s1').sessionId).toBe('s1');
    expect(q('price=abc').price).toBeNull();
  });

  it('session and date together are a conflict and neither is used', () => {
    const query = q('session=s1&date=2026-12-01');
    expect(query).toMatchObject({ conflict: true, sessionId: null, date: null });
  });

  it('reserve modes: false, true for any truthy word, warn, strict', () => {
    expect(parseReserveMode(null)).toBe('false');
    expect(parseReserveMode('false')).toBe('false');
    expect(parseReserveMode('0')).toBe('false');
    expect(parseReserveMode('true')).toBe('true');
    expect(parseReserveMode('yes')).toBe('true');
    expect(parseReserveMode('1')).toBe('true');
    expect(parseReserveMode('WARN')).toBe('warn');
    expect(parseReserveMode('strict')).toBe('strict');
  });

  it('quantities are comma-separated id-or-name:count pairs; malformed pairs are skipped', () => {
    expect(parseQuantityQuery('Adult:2, Child : 1,bad,Senior:-1,:3,Student:1.5')).toEqual([
      { key: 'Adult', count: 2 },
      { key: 'Child', count: 1 },
    ]);
    expect(q('quantities=Adult:2').quantities).toEqual([{ key: 'Adult', count: 2 }]);
  });

  it('resolves by id, then by name ignoring case; reports the rest', () => {
    const types = [
      { id: 'id-adult', name: 'Adult' },
      { id: 'id-child', name: 'Child' },
    ];
    expect(
      resolveQuantityRequests(
        [
          { key: 'id-child', count: 1 },
          { key: 'adult', count: 2 },
          { key: 'Dragon', count: 1 },
        ],
        null,
        types,
      ),
    ).toEqual({ quantities: { 'id-child': 1, 'id-adult': 2 }, unmatched: ['Dragon'] });
    expect(resolveQuantityRequests([], 'id-adult', types)).toEqual({
      quantities: { 'id-adult': 1 },
      unmatched: [],
    });
    expect(resolveQuantityRequests([], 'nope', types).unmatched).toEqual(['nope']);
  });
});
