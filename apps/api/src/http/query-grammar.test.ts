import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { parseQuery, type QuerySpec } from './query-grammar';
import { parseValue } from './query-values';

const spec: QuerySpec = {
  context: 'things',
  fields: {
    id: { sql: sql`id`, type: 'uuid' },
    name: { sql: sql`name`, type: 'text' },
    rank: { sql: sql`rank`, type: 'int' },
    sold_out: { sql: sql`sold_out`, type: 'bool' },
    start: { sql: sql`start`, type: 'timestamp' },
  },
  relations: { group: { fields: { handler: { sql: sql`handler`, type: 'text' } } } },
  meta: true,
  ondate: true,
  sort: { fields: { rank: sql`rank`, name: sql`name` }, default: 'rank' },
  embeds: ['meta', 'venue'],
};

const failure = (query: Record<string, string>) => {
  try {
    parseQuery(spec, query);
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.status, extra: err.extra };
    throw err;
  }
  throw new Error('expected a validation failure');
};

describe('parseQuery', () => {
  it('reads every part of the grammar', () => {
    const parsed = parseQuery(spec, {
      _seller: 'zoo',
      _embed: 'meta, venue',
      _limit: '25',
      _sort: '-name,rank',
      'name._in': 'a,,b',
      'rank._gte': '3',
      sold_out: 'F',
      'group.handler._in': 'donation',
      'meta.audience.kind._in': 'Families,Adults',
      _ondate: '2030-03-15',
    });
    expect([...parsed.embeds]).toEqual(['meta', 'venue']);
    expect(parsed.limit).toBe(25);
    expect(parsed.sort.map((t) => t.desc)).toEqual([true, false]);
    expect(parsed.filters.map((f) => [f.key, f.op, f.values])).toEqual([
      ['name._in', 'in', ['a', 'b']],
      ['rank._gte', 'gte', [3]],
      ['sold_out', 'eq', [false]],
    ]);
    expect(parsed.relations.get('group')?.map((f) => f.values)).toEqual([['donation']]);
    expect(parsed.meta).toEqual([{ key: 'audience.kind', values: ['Families', 'Adults'] }]);
    expect(parsed.ondate).toBe('2030-03-15');
  });

  it("leaves _seller to the caller hook, which reads it or the seller's domain (caller.ts)", () => {
    expect(parseQuery(spec, {}).limit).toBe(1000);
    expect(() => parseQuery(spec, { _seller: 'zoo', _sellr: 'zoo' })).toThrow();
  });

  // a route's own parameter need not start with `_` (the modify's `campaign`, cart/routes.ts)
  it("passes the route's own parameters through as text, never as filters", () => {
    const withOptions: QuerySpec = { ...spec, options: ['_format', 'campaign'] };
    const parsed = parseQuery(withOptions, { _format: 'price', campaign: 'a,b', rank: '2' });
    expect(parsed.options).toEqual({ _format: 'price', campaign: 'a,b' });
    expect(parsed.filters.map((f) => f.key)).toEqual(['rank']);
    expect(failure({ campaign: 'spring' })).toMatchObject({ extra: { field: 'campaign' } });
  });

  it('defaults _limit to 1000 and _sort to the route default', () => {
    const parsed = parseQuery(spec, { _seller: 'zoo' });
    expect(parsed.limit).toBe(1000);
    expect(parsed.sort).toHaveLength(1);
    expect(parsed.embeds.size).toBe(0);
  });

  // entries, not object literals, so that keys such as __proto__ stay plain keys
  it.each([
    [
      [
        ['_seller', 'z'],
        ['_limit', '0'],
      ],
      '_limit',
    ],
    [
      [
        ['_seller', 'z'],
        ['_limit', '1001'],
      ],
      '_limit',
    ],
    [
      [
        ['_seller', 'z'],
        ['_limit', ' 5'],
      ],
      '_limit',
    ],
    [
      [
        ['_seller', 'z'],
        ['_embed', 'meta,ticket'],
      ],
      '_embed',
    ],
    [
      [
        ['_seller', 'z'],
        ['_sort', '--name'],
      ],
      '_sort',
    ],
    [
      [
        ['_seller', 'z'],
        ['_format', 'x'],
      ],
      '_format',
    ],
    [
      [
        ['_seller', 'z'],
        ['_ondate', '2030-02-29'],
      ],
      '_ondate',
    ],
    [
      [
        ['_seller', 'z'],
        ['id._in', 'a'],
      ],
      'id._in',
    ],
    [
      [
        ['_seller', 'z'],
        ['id._lt', '00000000-0000-4000-8000-000000000000'],
      ],
      'id._lt',
    ],
    [
      [
        ['_seller', 'z'],
        ['rank', '2147483648'],
      ],
      'rank',
    ],
    [
      [
        ['_seller', 'z'],
        ['rank._lt', '1.5'],
      ],
      'rank._lt',
    ],
    [
      [
        ['_seller', 'z'],
        ['sold_out', 'maybe'],
      ],
      'sold_out',
    ],
    [
      [
        ['_seller', 'z'],
        ['start', '2030-13-01'],
      ],
      'start',
    ],
    [
      [
        ['_seller', 'z'],
        ['name._like', 'a'],
      ],
      'name._like',
    ],
    [
      [
        ['_seller', 'z'],
        ['group.secret', 'a'],
      ],
      'group.secret',
    ],
    [
      [
        ['_seller', 'z'],
        ['group.handler.x', 'a'],
      ],
      'group.handler.x',
    ],
    [
      [
        ['_seller', 'z'],
        ['meta.audience._lt', 'a'],
      ],
      'meta.audience._lt',
    ],
    [
      [
        ['_seller', 'z'],
        ['a..b', 'a'],
      ],
      'a..b',
    ],
    [
      [
        ['_seller', 'z'],
        ['__proto__', 'a'],
      ],
      '__proto__',
    ],
    [
      [
        ['_seller', 'z'],
        ['name', 'a\u0000b'],
      ],
      'name',
    ],
    [
      [
        ['_seller', 'z'],
        ['name', 'x'.repeat(1001)],
      ],
      'name',
    ],
  ] as [[string, string][], string][])('refuses %j naming %s', (entries, field) => {
    expect(failure(Object.fromEntries(entries))).toMatchObject({
      code: 'validation_failed',
      status: 400,
      extra: { field },
    });
  });
});

describe('parseValue', () => {
  it('normalises timestamps to UTC ISO and bare dates to UTC midnight', () => {
    expect(parseValue('timestamp', '2030-03-11')).toBe('2030-03-11T00:00:00.000Z');
    expect(parseValue('timestamp', '2030-03-11T10:00:00+05:30')).toBe('2030-03-11T04:30:00.000Z');
    expect(parseValue('timestamp', '2030-03-11 10:00')).toBe('2030-03-11T10:00:00.000Z');
  });

  it('reads booleans the way the storefront sends them and lowercases uuids', () => {
    expect(['T', 'true', '1', 'F', 'false', '0'].map((v) => parseValue('bool', v))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(parseValue('uuid', 'ABCDEF00-0000-4000-8000-000000000000')).toBe(
      'abcdef00-0000-4000-8000-000000000000',
    );
  });
});
