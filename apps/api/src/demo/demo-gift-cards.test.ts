import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { seedDemo } from './seed-demo';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('seedDemo: gift cards', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    expect(await seedDemo(ctx.db, { now: NOW })).toEqual({ seeded: true });
    app = await buildTestApp(ctx.database, { now: () => NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const lookup = (slug: string, number: string) =>
    app.inject({ method: 'GET', url: `/api/ledger/ledger/${number}?_seller=${slug}` });

  it('gives each demo seller a partly funded and an empty gift card in its currency', async () => {
    const museum = await lookup('demo-museum', 'GIFT-MUSEUM-2000');
    expect(museum.statusCode).toBe(200);
    expect(museum.json().ledger._data[0]).toMatchObject({
      number: 'GIFT-MUSEUM-2000',
      balance: '20.00',
      currency_code: 'USD',
      state: 'active',
    });
    const harbour = await lookup('harbour-aquarium', 'GIFT-HARBOUR-1500');
    expect(harbour.json().ledger._data[0]).toMatchObject({
      balance: '15.00',
      currency_code: 'GBP',
    });
    expect((await lookup('demo-museum', 'GIFT-MUSEUM-EMPTY')).json().ledger._data[0].balance).toBe(
      '0.00',
    );
    // a card belongs to its seller only
    expect((await lookup('harbour-aquarium', 'GIFT-MUSEUM-2000')).statusCode).toBe(404);
  });
});
