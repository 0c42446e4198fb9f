import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import type { ReserveScene } from '@/testing/cart-fixtures';
import { makeCode } from '@/testing/code-factories';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketType, type TicketTypeRow } from '@/testing/factories';

// issue 22, finding 4: a seller's CityPASS pattern never runs in a backtracking engine on the
// server. A pattern that nests repetitions (`(a+)+b`: exponential there) or that RE2 cannot
// run (lookahead) matches nothing, even a voucher it would match, so no voucher can make the
// server backtrack; a plain pattern works as before.

const NOW = new Date('2029-06-01T12:00:00Z');
const PATTERNS = {
  citypass_code_groups: {
    nested: { adult_regexp: '(a+)+b', child_regexp: 'C\\d{7}' },
    lookahead: { adult_regexp: 'a+b', child_regexp: '(?=C)C\\d{7}' },
    plain: { adult_regexp: 'a+b', child_regexp: 'C\\d{7}' },
  },
};

describeEachDatabase('codes: CityPASS patterns run in linear time', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let kid: TicketTypeRow;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
    scene = await makeReserveScene(ctx.db, { sellerConfig: PATTERNS, type: { name: 'Adult' } });
    kid = await makeTicketType(ctx.db, scene.group, { name: 'Child', amount: 1500 });
    for (const group of ['nested', 'lookahead', 'plain']) {
      await makeCode(ctx.db, scene.seller, {
        code: `PASS-${group.toUpperCase()}`,
        codeGroup: group,
        name: group,
        discountValue: 100_000,
      });
    }
  });
  afterAll(() => app.close());

  async function applyWith(code: string, adultVoucher: string, childVoucher: string) {
    const bundle = bundleOf(
      await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        body: {
          add: [
            {
              event_session_id: scene.session.id,
              ticket_types_required: [
                { ticket_type_id: scene.type.id, quantity: 1 },
                { ticket_type_id: kid.id, quantity: 1 },
              ],
            },
          ],
        },
      }),
    );
    const idOf = (typeId: string) =>
      bundle.ticket._data.find((t) => t.ticket_type_id === typeId)!.id;
    const [adult, child] = [idOf(scene.type.id), idOf(kid.id)];
    const res = await cartCall(app, scene.seller, {
      method: 'POST',
      path: `cart/${bundle.cart._data[0]!.id}/apply_code`,
      body: {
        code,
        vouchers: [
          { ticket_id: adult, voucher: adultVoucher },
          { ticket_id: child, voucher: childVoucher },
        ],
      },
    });
    return { res, adult, child };
  }

  it('a plain pattern matches as before', async () => {
    const { res } = await applyWith('PASS-PLAIN', `${'a'.repeat(40)}b`, 'C1234567');
    expect(res.statusCode).toBe(200);
  });

  it('a nested repetition matches nothing: 29+ characters never reach a backtracking engine', async () => {
    const { res, adult } = await applyWith('PASS-NESTED', `${'a'.repeat(40)}b`, 'C1234567');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ _code: 'invalid_citypass', _extra: { ticket_id: adult } });
  });

  it('a pattern RE2 cannot run (lookahead) matches nothing', async () => {
    const { res, child } = await applyWith('PASS-LOOKAHEAD', 'aab', 'C1234567');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ _code: 'invalid_citypass', _extra: { ticket_id: child } });
  });
});
