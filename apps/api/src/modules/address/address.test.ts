import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addressFindResponseSchema, addressRetrieveResponseSchema } from '@admit/contracts/address';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { firstError } from '@/testing/responses';
import {
  FIND_PATH,
  PRIVATE_KEY,
  PUBLIC_KEY,
  RETRIEVE_ITEM,
  RETRIEVE_PATH,
  loqateAnswer,
  startLoqateStub,
} from './loqate-stub-test-kit';

/** Address lookup through the seller's Loqate key (identity §7, §8; decision 0024). */

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('address lookup (GET address/find, address/retrieve)', (ctx) => {
  let stub: Awaited<ReturnType<typeof startLoqateStub>>;
  let app: FastifyInstance;
  let keyed: SellerRow;
  let publicOnly: SellerRow;
  let unkeyed: SellerRow;

  beforeAll(async () => {
    stub = await startLoqateStub(loqateAnswer);
    app = await buildTestApp(ctx.database, { now: NOW, env: { ADDRESS_API_URL: stub.url } });
    keyed = await makeSeller(ctx.db, {
      config: { address_service_key: null, private: { address_service_key: PRIVATE_KEY } },
    });
    publicOnly = await makeSeller(ctx.db, { config: { address_service_key: PUBLIC_KEY } });
    unkeyed = await makeSeller(ctx.db);
  });
  afterAll(async () => {
    await app.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.requests.length = 0;
    stub.state.answer = loqateAnswer;
  });

  const get = (path: string, query: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'GET',
      url: `/api/address/${path}?${new URLSearchParams(query).toString()}`,
      remoteAddress,
    });

  it('finds with the private key, the country and the middleware flag, and labels the items', async () => {
    const res = await get('find', { _seller: keyed.slug, text: '1 Museum', country: 'us' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = addressFindResponseSchema.parse(res.json());
    expect(body.address_suggestion).toEqual({
      _count: 2,
      _total: 2,
      _data: [
        { id: 'US|US|A|1', label: '1 Museum Way, Springfield IL 62701', type: 'address' },
        { id: 'US|US|C|2', label: 'Museum Rd, 24 Addresses', type: 'container' },
      ],
    });
    expect(stub.requests).toEqual([
      {
        path: FIND_PATH,
        params: expect.objectContaining({
          Key: PRIVATE_KEY,
          Text: '1 Museum',
          Countries: 'US',
          IsMiddleware: 'true',
        }),
      },
    ]);
    expect(stub.requests[0]!.params).not.toHaveProperty('Container');
  });

  it('opens a container with a second find', async () => {
    const res = await get('find', {
      _seller: keyed.slug,
      text: '1 Museum',
      country: 'US',
      container: 'US|US|C|2',
    });
    expect(res.statusCode).toBe(200);
    expect(addressFindResponseSchema.parse(res.json()).address_suggestion._data).toEqual([
      { id: 'US|US|A|9', label: '9 Museum Rd, Springfield IL 62701', type: 'address' },
    ]);
    expect(stub.requests[0]!.params.Container).toBe('US|US|C|2');
  });

  it('retrieves an address in the purchaser form’s fields', async () => {
    const res = await get('retrieve', { _seller: keyed.slug, id: 'US|US|A|1' });
    expect(res.statusCode).toBe(200);
    expect(addressRetrieveResponseSchema.parse(res.json()).address._data).toEqual([
      {
        address: '1 Museum Way',
        address_more: 'Suite 4',
        city: 'Springfield',
        state: 'IL',
        country: 'US',
        zip_code: '62701-1234',
      },
    ]);
    expect(stub.requests).toEqual([
      { path: RETRIEVE_PATH, params: { Key: PRIVATE_KEY, Id: 'US|US|A|1' } },
    ]);
  });

  it('falls back to the province name when the provider has no province code', async () => {
    stub.state.answer = () => ({
      body: { Items: [{ ...RETRIEVE_ITEM, ProvinceCode: '', Province: 'Greater London' }] },
    });
    const res = await get('retrieve', { _seller: keyed.slug, id: 'GB|RM|A|1' });
    expect(addressRetrieveResponseSchema.parse(res.json()).address._data[0]!.state).toBe(
      'Greater London',
    );
  });

  it('uses the public key when the seller has no private one', async () => {
    const res = await get('find', { _seller: publicOnly.slug, text: 'Museum', country: 'GB' });
    expect(res.statusCode).toBe(200);
    expect(stub.requests[0]!.params.Key).toBe(PUBLIC_KEY);
  });

  it('refuses with not_configured when the seller has no key, without calling the provider', async () => {
    for (const path of ['find', 'retrieve']) {
      const res = await get(path, { _seller: unkeyed.slug, text: 'x', country: 'US', id: 'a' });
      expect(res.statusCode).toBe(422);
      expect(firstError(res.json())).toMatchObject({
        _code: 'not_configured',
        _context: 'address',
      });
    }
    expect(stub.requests).toEqual([]);
  });

  it('passes the provider’s error item on as a 502 with its description', async () => {
    stub.state.answer = () => ({
      body: {
        Items: [
          { Error: '2', Description: 'Unknown key', Cause: 'The key is wrong', Resolution: '' },
        ],
      },
    });
    for (const path of ['find', 'retrieve']) {
      const res = await get(path, { _seller: keyed.slug, text: 'x', country: 'US', id: 'a' });
      expect(res.statusCode).toBe(502);
      expect(firstError(res.json())).toMatchObject({
        _code: 'internal_error',
        _context: 'address',
        _description: 'Unknown key',
      });
      expect(res.body).not.toContain(PRIVATE_KEY);
    }
  });

  it('answers 502 when the provider fails or answers no items', async () => {
    stub.state.answer = () => ({ status: 500, body: 'boom' });
    const failed = await get('find', { _seller: keyed.slug, text: 'x', country: 'US' });
    expect(failed.statusCode).toBe(502);
    expect(firstError(failed.json())?._description).toBe(
      'The address service could not be reached.',
    );
    stub.state.answer = () => ({ body: { Something: [] } });
    const odd = await get('retrieve', { _seller: keyed.slug, id: 'a' });
    expect(odd.statusCode).toBe(502);
  });

  it('validates the query: text 1–100, ISO-2 country, id up to 200', async () => {
    const bad = [
      ['find', { _seller: keyed.slug, text: '', country: 'US' }, 'text'],
      ['find', { _seller: keyed.slug, text: 'x'.repeat(101), country: 'US' }, 'text'],
      ['find', { _seller: keyed.slug, text: 'x', country: 'USA' }, 'country'],
      ['find', { _seller: keyed.slug, text: 'x' }, 'country'],
      [
        'find',
        { _seller: keyed.slug, text: 'x', country: 'US', container: 'c'.repeat(201) },
        'container',
      ],
      ['retrieve', { _seller: keyed.slug, id: 'i'.repeat(201) }, 'id'],
      ['retrieve', { _seller: keyed.slug }, 'id'],
    ] as const;
    for (const [path, query, field] of bad) {
      const res = await get(path, query);
      expect(res.statusCode, `${path} ${field}`).toBe(400);
      expect(firstError(res.json())).toMatchObject({
        _code: 'validation_failed',
        _extra: expect.objectContaining({ field }),
      });
    }
    const ok = await get('find', { _seller: keyed.slug, text: 'x'.repeat(100), country: 'gb' });
    expect(ok.statusCode).toBe(200);
    expect(stub.requests).toHaveLength(1);
  });

  it('answers seller_not_found for an unknown seller', async () => {
    const res = await get('find', { _seller: 'no-such-seller', text: 'x', country: 'US' });
    expect(res.statusCode).toBe(404);
    expect(firstError(res.json())?._code).toBe('seller_not_found');
  });
});
