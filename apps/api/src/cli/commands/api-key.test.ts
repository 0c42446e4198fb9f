import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sellerApiKey } from '@/db/schema/seller-api';
import { hashApiKey } from '@/lib/api-key';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { runCli } from '../cli-test-kit';

/** `npm run seller -- api-key …` (decision 0042): made, listed, revoked; the key shown once. */

const NOW = new Date('2029-06-01T14:00:00Z');

describeEachDatabase('cli: api-key create, list, revoke', (ctx) => {
  let app: FastifyInstance;
  let seller: SellerRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    seller = await makeSeller(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const whoAmI = (key: string) =>
    app.inject({ url: '/admin/api/api_key', headers: { authorization: `Bearer ${key}` } });

  it('creates a key that opens the seller API, stores only its hash, and lists it by prefix', async () => {
    const made = await runCli(ctx, ['api-key', 'create', seller.slug, '--name', 'Front door'], NOW);
    expect(made.code, made.stderr).toBe(0);
    const key = made.stdout.trim();
    expect(key).toMatch(/^adm_[A-Za-z0-9_-]{43}$/);
    expect(made.stderr).toContain('shown only now');
    expect((await whoAmI(key)).statusCode).toBe(200);

    const [row] = await ctx.db
      .select()
      .from(sellerApiKey)
      .where(eq(sellerApiKey.keyHash, hashApiKey(key)));
    expect(row).toMatchObject({
      name: 'Front door',
      prefix: key.slice(0, 12),
      sellerId: seller.id,
    });
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await runCli(ctx, ['api-key', 'list', seller.slug]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${row!.id}  ${key.slice(0, 12)}…  Front door`);
    expect(listed.stdout).toContain('last used 2029-06-01T14:00:00.000Z');
    expect(listed.stdout).toContain('active');
    expect(listed.stdout).not.toContain(key);
  });

  it('revokes a key at once: the next request with it is a 401', async () => {
    const key = (
      await runCli(ctx, ['api-key', 'create', seller.slug, '--name', 'Lost phone'])
    ).stdout.trim();
    const [row] = await ctx.db
      .select()
      .from(sellerApiKey)
      .where(eq(sellerApiKey.keyHash, hashApiKey(key)));
    expect((await whoAmI(key)).statusCode).toBe(200);
    const revoked = await runCli(ctx, ['api-key', 'revoke', seller.slug, row!.id], NOW);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('Revoked API key "Lost phone"');
    expect((await whoAmI(key)).statusCode).toBe(401);
    expect((await runCli(ctx, ['api-key', 'list', seller.slug])).stdout).toContain(
      `revoked ${NOW.toISOString()}`,
    );
  });

  it('refuses what it cannot do, with a message and a non-zero code', async () => {
    const other = await makeSeller(ctx.db);
    const [mine] = await ctx.db
      .select()
      .from(sellerApiKey)
      .where(eq(sellerApiKey.sellerId, seller.id));
    const cases: [string[], number, string][] = [
      [['api-key', 'create', 'no-such-seller', '--name', 'X'], 1, 'No seller'],
      [['api-key', 'create', seller.slug], 2, 'Usage'],
      [['api-key', 'create', seller.slug, '--name', '  '], 1, 'name'],
      // another seller's key id is not found for this seller
      [['api-key', 'revoke', other.slug, mine!.id], 1, 'not found'],
      [['api-key', 'revoke', seller.slug, 'not-a-uuid'], 1, 'not found'],
      [['api-key', 'rotate', seller.slug], 2, 'Usage'],
      [['nothing'], 2, 'Unknown command'],
    ];
    for (const [argv, code, message] of cases) {
      const res = await runCli(ctx, argv);
      expect(res.code, argv.join(' ')).toBe(code);
      expect(res.stderr, argv.join(' ')).toContain(message);
    }
    const [still] = await ctx.db.select().from(sellerApiKey).where(eq(sellerApiKey.id, mine!.id));
    expect(still!.revokedAt).toBeNull();
  });
});
