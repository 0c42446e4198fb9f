import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '@/config';
import { enforceRequestLimits } from './request-limits';

/**
 * Abuse limits of the identity-revealing and costly calls (issue #12, docs/decisions/0025). A
 * route names its limit in its options — `{ config: { callLimit: 'giftee' } }` — and one
 * preHandler counts the call in `auth_throttle` (shared by every API process) before the
 * handler runs; over the limit answers 429 `rate_limited` with `_extra.retry_after_seconds`.
 */
export type CallLimitName = 'giftee' | 'register' | 'code_lookup' | 'cart_create';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the abuse limit this route counts against (modules/limits/call-limits.ts) */
    callLimit?: CallLimitName;
  }
}

const FIFTEEN_MINUTES = 15 * 60_000;

interface CallLimit {
  /** the error's `_context` */
  context: string;
  /** calls per client address per window */
  perAddress: (config: AppConfig) => number;
  /** calls naming one e-mail per seller per window (the body's `email`); none when absent */
  perEmail?: number;
}

/** The limits, one row per call; 0 per address turns that key off. */
export const CALL_LIMITS: Record<CallLimitName, CallLimit> = {
  // POST giftee answers an identity id for an e-mail: names a stranger's account exists
  giftee: { context: 'giftee', perAddress: () => 20, perEmail: 5 },
  // POST user answers 409 for a taken e-mail (identity §8): an account-existence oracle
  register: { context: 'user', perAddress: () => 10, perEmail: 5 },
  // GET code/{code}: guessing gift and promo codes
  code_lookup: { context: 'code', perAddress: () => 30 },
  // a new cart holds capacity for the hold time: many carts from one address empty an event
  cart_create: { context: 'cart', perAddress: (config) => config.CART_CREATE_LIMIT },
};

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
};

/** The keys one call counts against: its address, and the seller + e-mail it names. */
function limitChecks(name: CallLimitName, request: FastifyRequest, config: AppConfig) {
  const rule = CALL_LIMITS[name];
  const checks: { key: string; max: number; windowMs: number }[] = [];
  const perAddress = rule.perAddress(config);
  if (perAddress > 0) {
    checks.push({
      key: `${name}:address:${request.ip}`,
      max: perAddress,
      windowMs: FIFTEEN_MINUTES,
    });
  }
  const email = emailOf(request.body);
  if (rule.perEmail !== undefined && email !== null) {
    // the raw `_seller` names the seller: no lookup before the limit, and an unknown one fails later
    const seller = String((request.query as Record<string, unknown>)._seller ?? '');
    checks.push({
      key: `${name}:email:${seller}:${email}`,
      max: rule.perEmail,
      windowMs: FIFTEEN_MINUTES,
    });
  }
  return checks;
}

/** The one hook that applies `config.callLimit` (after body validation, before the handler). */
export function registerCallLimits(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.callLimit;
    if (name === undefined) return;
    const checks = limitChecks(name, request, app.deps.config);
    if (checks.length === 0) return;
    await enforceRequestLimits(
      app.deps.database.db,
      CALL_LIMITS[name].context,
      checks,
      app.deps.now(),
    );
  });
}
