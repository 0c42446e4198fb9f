import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CodeLookup } from '@admit/contracts/codes';
import { toCollection } from '@admit/contracts/envelope';
import { minorToDecimal } from '@admit/contracts/money';
import { codeLookupRoute } from '@admit/contracts/routes/orders';
import { AppError, validationFailed } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import type { Db } from '@/db/connection';
import { codeDiscountOn } from '@/modules/pricing/totals';
import { withinDates } from './apply';
import { selectCodeByText, selectTypesCovered, type CodeRow } from './repo';

// spec: shopping §7 — GET code/{code}, optional mode=advertise,code (accepted; every mode
// answers the same public fields)
const MODES = new Set(['advertise', 'code']);
const isExhausted = (row: CodeRow) => row.maxUses !== null && row.usedCount >= row.maxUses;

/**
 * spec: identity §4 "Gift code: expired, exhausted or valid", §5 "expired (before valid_from or
 * after valid_to)" — by the server's clock, the bounds read as the apply does (decision 0038).
 */
export function codeState(row: CodeRow, now: Date): NonNullable<CodeLookup['state']> {
  if (!withinDates(row, now)) return 'expired';
  return isExhausted(row) ? 'exhausted' : 'valid';
}

/** spec: identity §3 "Code lookup" — exhausted once every use is taken. */
export function toCodeLookup(row: CodeRow, now: Date): CodeLookup {
  return {
    code: row.code,
    kind: row.kind,
    state: codeState(row, now),
    name: row.name,
    description: row.description,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
    exhausted: isExhausted(row),
  };
}

/**
 * `mode=advertise`: what the code takes off one ticket of each type it names (a type or a
 * group's types) — the redeem page sorts a gift's levels by it (identity §9; decision 0038).
 */
async function discountsOf(db: Db, row: CodeRow): Promise<CodeLookup['discounts']> {
  const types = await selectTypesCovered(db, row);
  if (types === null) return undefined;
  return types.map((type) => ({
    ticket_type_id: type.id,
    amount: minorToDecimal(
      codeDiscountOn(row, {
        id: type.id,
        faceValue: type.amount,
        ticketTypeId: type.id,
        ticketGroupId: type.ticketGroupId,
        eventTemplateId: '',
        // the code names these types, so their group's handler cannot stop it (decision 0047)
        handler: null,
        outsideFees: null,
      }),
    ),
  }));
}

/**
 * The modes asked for (none: every public field but the discounts); the other parameters go
 * through the query grammar (`_seller` is the caller hook's).
 */
function modesOf(query: Record<string, string>) {
  const { mode, ...rest } = query;
  const modes = mode === undefined ? [] : mode.split(',').map((m) => m.trim());
  if (!modes.every((m) => MODES.has(m))) {
    throw validationFailed('code', 'mode', 'expected advertise and/or code');
  }
  parseQuery({ context: 'code', fields: {} }, rest);
  return new Set(modes);
}

const config = { caller: 'seller', callerContext: 'code', callLimit: 'code_lookup' } as const;

/** GET /api/code/{code} (the apply_code calls live with the cart: modules/cart/routes.ts). */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.route({
    ...fromTable(codeLookupRoute),
    config,
    handler: async (request, reply) => {
      const modes = modesOf(request.query);
      const { seller } = request.caller;
      const text = request.params.code.trim();
      const row = text === '' ? null : await selectCodeByText(db, seller.id, text);
      if (!row) {
        throw new AppError(
          'code_not_found',
          'code',
          `"${text}" is not a valid promo code.`,
          { code: text },
          404,
        );
      }
      const lookup = toCodeLookup(row, app.deps.now());
      if (modes.has('advertise')) lookup.discounts = await discountsOf(db, row);
      return reply.header('cache-control', 'no-store').send({ code: toCollection([lookup]) });
    },
  });
};
