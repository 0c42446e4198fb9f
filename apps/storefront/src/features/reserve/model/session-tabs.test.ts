import { describe, expect, it } from 'vitest';
import type { PricedSession } from '@admit/contracts/availability';
import { fixtureId } from '@/testing/api-fixtures';
import {
  initialTabIndex,
  parseSessionTabs,
  splitIntoTabs,
} from '@/features/reserve/model/session-tabs';

const TZ = 'America/New_York';
function session(n: number, startUtc: string, soldOut = false): PricedSession {
  return {
    id: fixtureId(700 + n),
    seller_id: fixtureId(1),
    event_template_id: fixtureId(1),
    start_datetime: startUtc,
    end_datetime: startUtc,
    startTime: startUtc,
    capacity: 10,
    oversell_capacity: 0,
    used_capacity: soldOut ? 10 : 0,
    sold_out: soldOut,
    available: !soldOut,
    availableCapacity: soldOut ? 0 : 10,
    price: '25.00',
    minPrice: '25.00',
    maxPrice: '25.00',
  };
}
const TABS = [
  { label: 'Morning', start: '0000', end: '1200' },
  { label: 'Afternoon', start: '1200', end: '1700' },
  { label: 'Evening', start: '1700', end: '2400' },
];

describe('session picker tabs (shopping §2)', () => {
  it('accepts two or three well-formed tabs only', () => {
    expect(parseSessionTabs({ session_picker_tabs: TABS })).toHaveLength(3);
    expect(parseSessionTabs({ session_picker_tabs: TABS.slice(0, 1) })).toEqual([]);
    expect(parseSessionTabs({ session_picker_tabs: [...TABS, TABS[0]] })).toEqual([]);
    expect(
      parseSessionTabs({
        session_picker_tabs: [{ label: 'x', start: '2500', end: '2600' }, TABS[0]],
      }),
    ).toEqual([]);
    expect(parseSessionTabs(undefined)).toEqual([]);
  });

  it('splits by venue start time, start inclusive and end exclusive, with Not available / Sold out', () => {
    // 10:00 and 12:00 New York (UTC-5 in December)
    const sessions = [session(1, '2026-12-01T15:00:00Z'), session(2, '2026-12-01T17:00:00Z', true)];
    const tabs = splitIntoTabs(sessions, TABS, TZ);
    expect(tabs.map((tab) => [tab.label, tab.sessions.length, tab.status])).toEqual([
      ['Morning', 1, 'available'],
      ['Afternoon', 1, 'sold_out'],
      ['Evening', 0, 'not_available'],
    ]);
    expect(initialTabIndex(tabs, null)).toBe(0);
    expect(initialTabIndex(tabs, fixtureId(702))).toBe(1);
  });
});
