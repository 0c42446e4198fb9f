import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartDeleteRoute, cartModifyRoute, myCartRoute } from './cart';
import { availableEventsRoute } from './catalog';
import { defineRoute, fillUrl } from './route';

describe('fillUrl', () => {
  it('puts each param in its segment, URI-encoded', () => {
    expect(
      fillUrl('/api/events/:eventId/sessions/:sessionId', { eventId: 'a b', sessionId: 'c/d' }),
    ).toBe('/api/events/a%20b/sessions/c%2Fd');
    expect(fillUrl('/api/my/cart/modify', undefined)).toBe('/api/my/cart/modify');
  });

  it('refuses a url whose param was not given', () => {
    expect(() => fillUrl('/api/my/cart/:cartId', {})).toThrow(':cartId');
  });
});

describe('the route table', () => {
  it('is Fastify-shaped: method, url with :params, and schemas by Fastify key', () => {
    expect(cartModifyRoute.method).toBe('POST');
    expect(cartModifyRoute.url).toBe('/api/my/cart/:cartId/modify');
    expect(Object.keys(cartModifyRoute.schema).sort()).toEqual([
      'body',
      'params',
      'querystring',
      'response',
    ]);
    expect(cartModifyRoute.schema.params.parse({ cartId: 'c1' })).toEqual({ cartId: 'c1' });
    expect(cartDeleteRoute.schema.response[204].parse(null)).toBeNull();
  });

  it('lets a read take the generic filters and _seller beside its named parameters', () => {
    const query = { _seller: 'demo-museum', _embed: 'meta', 'hidden_type._in': 'public_browsable' };
    expect(availableEventsRoute.schema.querystring.parse(query)).toEqual(query);
    expect(myCartRoute.schema.querystring.parse({ _limit: '1000' })).toEqual({ _limit: 1000 });
  });

  it('checks at compile time that params names every :segment of the url', () => {
    const response = { 200: z.object({}) };
    defineRoute({
      method: 'GET',
      url: '/api/a/:one/b/:two',
      schema: { params: z.object({ one: z.string(), two: z.string() }), response },
    });
    defineRoute({
      method: 'GET',
      url: '/api/a/:one/b/:two',
      // @ts-expect-error — `:two` is not in params
      schema: { params: z.object({ one: z.string() }), response },
    });
    // @ts-expect-error — a url with a param needs a params schema
    defineRoute({ method: 'GET', url: '/api/a/:one', schema: { response } });
    expect(true).toBe(true);
  });
});
