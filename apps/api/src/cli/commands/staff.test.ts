import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, staffUser } from '@/db/schema/office';
import { officeLogin } from '@/modules/office/office.test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { runCli } from '../cli-test-kit';

/** `npm run seller -- staff add` (decision 0083): the first owner, audited as `cli`. */

const NOW = new Date('2029-06-01T14:00:00Z');

describeEachDatabase('cli: staff add', (ctx) => {
  let app: FastifyInstance;
  let seller: SellerRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    seller = await makeSeller(ctx.db);
  });
  afterAll(() => app.close());

  it('makes the first owner, who can then log in to the office', async () => {
    const argv = [
      'staff',
      'add',
      seller.slug,
      '--email',
      'First@Museum.example',
      '--role',
      'owner',
    ];
    const made = await runCli(ctx, [...argv, '--password', 'Owner-pass-1'], NOW);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Added owner First@Museum\.example \(id [0-9a-f-]{36}\) to /);
    const [row] = await ctx.db.select().from(staffUser).where(eq(staffUser.sellerId, seller.id));
    expect(row).toMatchObject({ role: 'owner', disabled: false, email: 'First@Museum.example' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const cookie = await officeLogin(app, seller.slug, 'first@museum.example', 'Owner-pass-1');
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'staff.add'));
    expect(audit).toMatchObject({ sellerId: seller.id, actor: 'cli', staffUserId: null });
  });

  it('refuses what it cannot do, with a message and a non-zero code', async () => {
    const cases: [string[], number, string][] = [
      [
        [
          'staff',
          'add',
          seller.slug,
          '--email',
          'x@museum.example',
          '--role',
          'boss',
          '--password',
          'Owner-pass-1',
        ],
        2,
        'Usage',
      ],
      [['staff', 'add', seller.slug, '--role', 'door', '--password', 'Owner-pass-1'], 2, 'Usage'],
      [
        [
          'staff',
          'add',
          'no-such-seller',
          '--email',
          'x@museum.example',
          '--role',
          'door',
          '--password',
          'Owner-pass-1',
        ],
        1,
        'No seller has the slug no-such-seller',
      ],
      [
        [
          'staff',
          'add',
          seller.slug,
          '--email',
          'first@museum.example',
          '--role',
          'door',
          '--password',
          'Owner-pass-1',
        ],
        1,
        'already exists',
      ],
      [
        [
          'staff',
          'add',
          seller.slug,
          '--email',
          'y@museum.example',
          '--role',
          'door',
          '--password',
          'short',
        ],
        1,
        'Invalid password',
      ],
    ];
    for (const [argv, code, message] of cases) {
      const res = await runCli(ctx, argv, NOW);
      expect(res.code, argv.join(' ')).toBe(code);
      expect(res.stderr, argv.join(' ')).toContain(message);
    }
    const rows = await ctx.db.select().from(staffUser).where(eq(staffUser.sellerId, seller.id));
    expect(rows).toHaveLength(1);
  });
});
