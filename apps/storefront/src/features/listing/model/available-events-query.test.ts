import { describe, expect, it } from 'vitest';
import { parseListingFilters } from '@/features/listing/model/listing-filters';
import { toAvailableEventsQuery } from '@/features/listing/model/available-events-query';
import { sellerDate } from '@/features/listing/model/seller-date';

const query = (
  search: string,
  now = new Date('2026-11-22T15:00:00Z'),
  timeZone = 'America/New_York',
) => toAvailableEventsQuery(parseListingFilters(new URLSearchParams(search)), { now, timeZone });

describe('toAvailableEventsQuery', () => {
  it('always asks for listed events (members-only for members) with the listing embeds', () => {
    expect(query('')).toEqual({
      _embed: 'meta,config,venue,ticket_group,ticket_type',
      'hidden_type._in': 'public_browsable,public_member_only',
    });
  });

  it('maps categories, metadata and time bounds to the API filters', () => {
    expect(
      query('category=Tours,Talks&audience=Families,Adults&time.start=A&time.end=B'),
    ).toMatchObject({
      'category._in': 'Tours,Talks',
      'meta.audience._in': 'Families,Adults',
      'event_session.start_datetime._gte': 'A',
      'event_session.start_datetime._lt': 'B',
    });
  });

  it('resolves today and tomorrow on the seller clock, and passes a calendar date through', () => {
    expect(query('date=today')._ondate).toBe('2026-11-22');
    expect(query('date=tomorrow')._ondate).toBe('2026-11-23');
    expect(query('date=2027-01-05')._ondate).toBe('2027-01-05');
  });
});

describe('sellerDate', () => {
  // 03:30 UTC on the 22nd is still the evening of the 21st in New York, already the 22nd in Sydney
  const now = new Date('2026-11-22T03:30:00Z');

  it('follows the seller time zone across a UTC date boundary', () => {
    expect(sellerDate(now, 'America/New_York')).toBe('2026-11-21');
    expect(sellerDate(now, 'America/New_York', 1)).toBe('2026-11-22');
    expect(sellerDate(now, 'Australia/Sydney')).toBe('2026-11-22');
    expect(sellerDate(now, 'UTC')).toBe('2026-11-22');
  });

  it('rolls over month and year ends', () => {
    expect(sellerDate(new Date('2026-12-31T20:00:00Z'), 'Europe/London', 1)).toBe('2027-01-01');
  });
});
