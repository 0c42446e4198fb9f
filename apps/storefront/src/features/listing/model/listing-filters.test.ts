import { describe, expect, it } from 'vitest';
import {
  hasAnyFilter,
  parseListingFilters,
  withoutMetaFilters,
  withParam,
} from '@/features/listing/model/listing-filters';

describe('parseListingFilters', () => {
  it('reads the reserved keys and treats every other key as a metadata filter', () => {
    const filters = parseListingFilters(
      new URLSearchParams(
        'time.start=2026-11-22T00:00:00Z&time.end=2026-11-23T00:00:00Z&date=today&category=Tours,Talks&audience=Families,Adults&location=East%20Wing',
      ),
    );
    expect(filters).toEqual({
      timeStart: '2026-11-22T00:00:00Z',
      timeEnd: '2026-11-23T00:00:00Z',
      date: 'today',
      categories: ['Tours', 'Talks'],
      meta: [
        { key: 'audience', values: ['Families', 'Adults'] },
        { key: 'location', values: ['East Wing'] },
      ],
    });
  });

  it('accepts a calendar date and ignores an unknown date word', () => {
    expect(parseListingFilters(new URLSearchParams('date=2026-12-24')).date).toEqual({
      on: '2026-12-24',
    });
    expect(parseListingFilters(new URLSearchParams('date=someday')).date).toBeNull();
  });

  it('merges repeated keys and drops empty values', () => {
    const filters = parseListingFilters(
      new URLSearchParams('audience=Families&audience=Adults,&audience=Families&empty='),
    );
    expect(filters.meta).toEqual([{ key: 'audience', values: ['Families', 'Adults'] }]);
  });

  it('has no filter on an empty query', () => {
    expect(hasAnyFilter(parseListingFilters(new URLSearchParams()))).toBe(false);
    expect(hasAnyFilter(parseListingFilters(new URLSearchParams('audience=Families')))).toBe(true);
  });
});

describe('filter updates', () => {
  it('replaces or removes one key', () => {
    const params = new URLSearchParams('category=Tours&audience=Families');
    expect(withParam(params, 'category', 'Talks').toString()).toBe(
      'audience=Families&category=Talks',
    );
    expect(withParam(params, 'category', null).toString()).toBe('audience=Families');
  });

  it('"See all" of the metadata chips keeps category, date and time', () => {
    const params = new URLSearchParams(
      'category=Tours&audience=Families&date=today&time.start=x&location=East',
    );
    expect(withoutMetaFilters(params).toString()).toBe('category=Tours&date=today&time.start=x');
  });
});
