import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellerDomain } from '@/db/schema/identity';
import { adminCall, makeApiKey } from '@/modules/check-in/check-in-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { firstError } from '@/testing/responses';

// The seller API on seller domains (decision 0070): a seller's domain never serves another
// seller, whatever key is sent there; on the shared host the key's seller answers as before.

describeEachDatabase('seller API on seller domains', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: new Date('2030-03-10T12:00:00Z') });
  });
  afterAll(() => app.close());

  it("refuses the seller API on another seller's domain", async () => {
    const museum = await makeSeller(ctx.db);
    const aquarium = await makeSeller(ctx.db);
    await ctx.db.insert(sellerDomain).values([
      { host: 'tickets.museum.example', sellerId: museum.id, environment: 'production' },
      { host: 'tickets.aquarium.example', sellerId: aquarium.id, environment: 'production' },
    ]);
    const { key } = await makeApiKey(ctx.db, aquarium.slug);
    const call = (host: string) => adminCall(app, key, { path: 'api_key', headers: { host } });
    expect((await call('tickets.aquarium.example')).statusCode).toBe(200);
    expect((await call('localhost')).statusCode).toBe(200);
    const elsewhere = await call('tickets.museum.example');
    expect(elsewhere.statusCode).toBe(404);
    expect(firstError(elsewhere.json())!._code).toBe('seller_not_found');
  });
});
