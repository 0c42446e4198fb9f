import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { codeLookupResponseSchema, type CodeLookup } from '@admit/contracts/codes';
import { toCollection } from '@admit/contracts/envelope';
import { AppError, validationFailed } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { selectCodeByText, type CodeRow } from './repo';

// spec: shopping §7 — GET code/{code}, optional mode=advertise,code (accepted; every mode
// answers the same public fields)
const MODES = new Set(['advertise', 'code']);
const params = z.object({ code: z.string() });

/** spec: identity §3 "Code lookup" — exhausted once every use is taken. */
export function toCodeLookup(row: CodeRow): CodeLookup {
  return {
    code: row.code,
    kind: row.kind,
    name: row.name,
    description: row.description,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
    exhausted: row.maxUses !== null && row.usedCount >= row.maxUses,
  };
}

/** Registers GET /api/code/{code} (the apply_code calls live with the cart: modules/cart/routes.ts). */
export function registerCodeRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;

  const queryOf = (request: FastifyRequest) => {
    const { mode, ...rest } = request.query as Record<string, string>;
    if (mode !== undefined && !mode.split(',').every((m) => MODES.has(m.trim()))) {
      throw validationFailed('code', 'mode', 'expected advertise and/or code');
    }
    return parseQuery({ context: 'code', fields: {} }, rest);
  };

  const config = { caller: 'seller', callerContext: 'code', callLimit: 'code_lookup' } as const;
  app.get('/api/code/:code', { config }, async (request, reply) => {
    queryOf(request);
    const { seller } = request.caller;
    const text = params.parse(request.params).code.trim();
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
    return reply
      .header('cache-control', 'no-store')
      .send(codeLookupResponseSchema.parse({ code: toCollection([toCodeLookup(row)]) }));
  });
}
