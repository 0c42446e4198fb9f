import fc from 'fast-check';

/**
 * fast-check arbitraries for query strings: keys and values that follow the query grammar
 * (so requests reach the SQL with hostile values) mixed with noise that must be refused.
 */

export type FieldType = 'uuid' | 'text' | 'timestamp' | 'date';
export interface RouteShape {
  path: string;
  fields: Record<string, FieldType>;
  meta?: boolean;
  ondate?: boolean;
  sort?: string[];
  embeds?: string[];
}

/** short strings made of the characters that break naive parsers and databases */
export const nastyArb = fc
  .array(
    fc.constantFrom(
      '\u0000',
      '%',
      '\uD800',
      '😀',
      ',',
      "'",
      '"',
      'a',
      '1',
      '-',
      ' ',
      '.',
      '\n',
      '\\',
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((chars) => chars.join(''));

export const textArb = fc.oneof(
  fc.constantFrom(
    'animals',
    'Families',
    'web.ecommerce',
    'public_member_only',
    'donation',
    "'; drop table seller; --",
  ),
  nastyArb,
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.string({ minLength: 900, maxLength: 1200 }),
);
export const dateArb = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());
export const valueOf: Record<FieldType, fc.Arbitrary<string>> = {
  uuid: fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'), textArb),
  text: textArb,
  timestamp: fc.oneof(
    dateArb,
    dateArb.map((d) => d.slice(0, 10)),
    textArb,
  ),
  date: fc.oneof(
    dateArb.map((d) => d.slice(0, 10)),
    textArb,
  ),
};
export const OPS: Record<FieldType, string[]> = {
  uuid: ['', '._in'],
  text: ['', '._in', '._lt', '._gte'],
  timestamp: ['', '._in', '._lt', '._lte', '._gt', '._gte'],
  date: ['', '._in'],
};

export function pairArb(route: RouteShape): fc.Arbitrary<[string, string]> {
  const fieldPair = fc
    .constantFrom(...Object.entries(route.fields))
    .chain(([field, type]) =>
      fc
        .constantFrom(...OPS[type])
        .chain((op) =>
          (op === '._in'
            ? fc.array(valueOf[type], { minLength: 0, maxLength: 4 }).map((v) => v.join(','))
            : valueOf[type]
          ).map((value): [string, string] => [field + op, value]),
        ),
    );
  const options: fc.Arbitrary<[string, string]>[] = [fieldPair];
  if (route.meta)
    options.push(
      fc.tuple(
        textArb.map((k) => `meta.${k}._in`),
        textArb,
      ),
    );
  if (route.ondate) options.push(valueOf.date.map((d): [string, string] => ['_ondate', d]));
  if (route.sort?.length) {
    const term = fc
      .tuple(fc.boolean(), fc.constantFrom(...route.sort))
      .map(([d, f]) => (d ? `-${f}` : f));
    options.push(
      fc
        .array(term, { minLength: 1, maxLength: 3 })
        .map((t): [string, string] => ['_sort', t.join(',')]),
    );
  }
  if (route.embeds?.length) {
    options.push(fc.subarray(route.embeds).map((e): [string, string] => ['_embed', e.join(',')]));
  }
  options.push(
    fc
      .oneof(fc.integer({ min: -5, max: 1005 }).map(String), textArb)
      .map((l): [string, string] => ['_limit', l]),
  );
  const noise = fc.tuple(
    fc.oneof(
      fc.string({ maxLength: 30, unit: 'binary' }),
      fc.constantFrom('__proto__', '.', '_', 'meta', 'a..b', 'id._in._in'),
    ),
    textArb,
  );
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...options) }, { weight: 1, arbitrary: noise });
}

/** raw bytes appended without encoding: broken escapes, stray separators */
export const garbageArb = fc.stringMatching(/^[%&=._,a-z0-9+;#?]{0,30}$/);

export const EVENT_EMBEDS = [
  'meta',
  'config',
  'venue',
  'ticket_type',
  'ticket_group',
  'event_session',
];
export const SESSION_FIELDS = {
  'event_session.id': 'uuid',
  'event_session.start_datetime': 'timestamp',
  'event_session.end_datetime': 'timestamp',
  'ticket_group.id': 'uuid',
  'ticket_group.hidden_type': 'text',
  'ticket_group.handler': 'text',
} as const;
