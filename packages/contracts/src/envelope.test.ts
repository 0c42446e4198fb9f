import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventTemplateResponseSchema } from './catalog';
import { collectionSchema, errorEnvelopeSchema, toCollection } from './envelope';
import { ERROR_CODES } from './error-codes';

const itemSchema = z.object({ id: z.string(), n: z.number().int() });

describe('collections', () => {
  it('round-trips any list through toCollection, JSON and the zod schema', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), n: fc.integer() })),
        fc.nat(),
        (items, extra) => {
          const collection = toCollection(items, items.length + extra);
          const parsed = collectionSchema(itemSchema).parse(JSON.parse(JSON.stringify(collection)));
          expect(parsed).toEqual({
            _count: items.length,
            _total: items.length + extra,
            _data: items,
          });
        },
      ),
    );
  });

  it('counts the data and defaults _total to it', () => {
    expect(toCollection(['a', 'b'])).toEqual({ _count: 2, _total: 2, _data: ['a', 'b'] });
  });

  it('rejects malformed collections', () => {
    const schema = collectionSchema(itemSchema);
    expect(schema.safeParse({ _count: -1, _total: 0, _data: [] }).success).toBe(false);
    expect(schema.safeParse({ _count: 1, _total: 1 }).success).toBe(false);
    expect(schema.safeParse({ _count: 1, _total: 1, _data: [{ id: 1, n: 1 }] }).success).toBe(
      false,
    );
  });

  it('strips fields a response schema does not name (never leak database rows)', () => {
    const body = {
      event_template: toCollection([
        {
          id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
          seller_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e40',
          name: 'Zoo',
          subtitle: null,
          summary: null,
          description: null,
          category: null,
          event_type: 'repeating',
          hidden_type: 'public_browsable',
          venue_id: null,
          rank: 0,
          created_at: '2030-01-01T00:00:00Z',
        },
      ]),
      internal_rows: toCollection([1]),
    };
    const parsed = eventTemplateResponseSchema.parse(body);
    expect(parsed).not.toHaveProperty('internal_rows');
    expect(parsed.event_template._data[0]).not.toHaveProperty('created_at');
  });
});

describe('error envelope', () => {
  it('accepts one item per error with code, context, description and extra', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERROR_CODES),
        fc.option(fc.string()),
        fc.string(),
        // `__proto__` is the one key that must not round-trip: see the next test
        fc.option(
          fc.dictionary(
            fc.string().filter((key) => key !== '__proto__'),
            fc.jsonValue(),
          ),
        ),
        (code, context, description, extra) => {
          const envelope = {
            _data: [{ _code: code, _context: context, _description: description, _extra: extra }],
          };
          expect(errorEnvelopeSchema.parse(JSON.parse(JSON.stringify(envelope)))).toEqual(
            JSON.parse(JSON.stringify(envelope)),
          );
        },
      ),
    );
  });

  it('drops a `__proto__` key from _extra rather than carrying it (prototype pollution)', () => {
    const envelope = JSON.parse(
      '{"_data":[{"_code":"not_found","_context":null,"_description":"","_extra":{"__proto__":{"x":1},"a":1}}]}',
    );
    expect(errorEnvelopeSchema.parse(envelope)._data[0]!._extra).toEqual({ a: 1 });
  });

  it('needs at least one item and all four keys', () => {
    expect(errorEnvelopeSchema.safeParse({ _data: [] }).success).toBe(false);
    expect(
      errorEnvelopeSchema.safeParse({
        _data: [{ _code: 'not_found', _context: null, _extra: null }],
      }).success,
    ).toBe(false);
  });
});
