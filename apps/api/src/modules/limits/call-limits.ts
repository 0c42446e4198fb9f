import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@/config';
import { enforceRequestLimits, giveBackRequest } from './request-limits';

/**
 * Abuse limits of the identity-revealing and costly calls (issue #12, docs/decisions/0025;
 * guessing, decision 0046). A route names its limits in its options — `{ config: { callLimit:
 * 'giftee' } }` or a list — and one preHandler counts the call in `auth_throttle` (shared by
 * every API process) before the handler runs; over the limit answers 429 `rate_limited` with
 * `_extra.retry_after_seconds`. Routes sharing a name share its counters.
 */
export type CallLimitName =
  | 'giftee'
  | 'register'
  | 'code_lookup'
  | 'cart_create'
  | 'code_apply'
  | 'gift_card'
  | 'client_error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the abuse limits this route counts against (modules/limits/call-limits.ts) */
    callLimit?: CallLimitName | readonly CallLimitName[];
  }
}

const FIFTEEN_MINUTES = 15 * 60_000;

interface CallLimit {
  /** the error's `_context` */
  context: string;
  /** the error's `_description` (default "Too many requests. Please try again later.") */
  description?: string;
  /** calls per client address per window */
  perAddress: (config: AppConfig) => number;
  /** calls naming one e-mail per seller per window (the body's `email`); none when absent */
  perEmail?: number;
  /** calls on one cart (the path's `:cartId`) per window, from any address; none when absent */
  perCart?: number;
  /** which calls of the route count (default: every call) */
  counts?: (request: FastifyRequest) => boolean;
  /** a call answered 2xx gives its count back: only failed guesses use up the limit */
  failuresOnly?: boolean;
}

/**
 * One named field of a request part, read without a cast: this hook runs for every route, typed
 * or not, before the route's own schema, so the part may be anything (or absent).
 */
const fieldOf = (part: unknown, name: string): unknown =>
  typeof part === 'object' && part !== null && Object.hasOwn(part, name)
    ? (part as Record<string, unknown>)[name]
    : undefined;

const nonEmpty = (value: unknown) => Array.isArray(value) && value.length > 0;

/** apply_code, or a modify naming codes (shopping §7: preReservePromoCodes, preloadedPromoCodes). */
const carriesCode = (request: FastifyRequest) => {
  const body = request.body;
  return (
    typeof fieldOf(body, 'code') === 'string' ||
    nonEmpty(fieldOf(body, 'preReservePromoCodes')) ||
    nonEmpty(fieldOf(body, 'preloadedPromoCodes'))
  );
};

/** A ledger lookup, or a pay / checkout call paying by gift card (identity §3 payment entry). */
const namesGiftCard = (request: FastifyRequest) =>
  request.method === 'GET' || fieldOf(request.body, 'gateway_id') === 'ledger';

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
  // apply_code and modify with codes: guessing promo and gift codes (decision 0046)
  code_apply: {
    context: 'apply_code',
    description: 'Too many code attempts. Please wait a few minutes and try again.',
    perAddress: () => 20,
    perCart: 10,
    counts: carriesCode,
    failuresOnly: true,
  },
  // ledger lookups and gift-card payments: guessing gift card numbers (decision 0046)
  gift_card: {
    context: 'ledger',
    description: 'Too many gift card attempts. Please wait a few minutes and try again.',
    perAddress: () => 10,
    perCart: 5,
    counts: namesGiftCard,
    failuresOnly: true,
  },
  // POST client_errors writes to the log: one page in a loop, or a stranger, must not flood it
  // (decision 0061); a real visitor's page reports a few errors at most
  client_error: {
    context: 'client_errors',
    perAddress: (config) => config.CLIENT_ERROR_LIMIT,
  },
};

const emailOf = (body: unknown): string | null => {
  const email = fieldOf(body, 'email');
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
};

const cartIdOf = (request: FastifyRequest): string | null => {
  const id = fieldOf(request.params, 'cartId');
  return typeof id === 'string' && id !== '' ? id.toLowerCase() : null;
};

/** The keys one call counts against: its address, the seller + e-mail and the cart it names. */
function limitChecks(name: CallLimitName, request: FastifyRequest, config: AppConfig) {
  const rule = CALL_LIMITS[name];
  const checks: { key: string; max: number; windowMs: number }[] = [];
  const windowMs = FIFTEEN_MINUTES;
  const perAddress = rule.perAddress(config);
  if (perAddress > 0) {
    checks.push({ key: `${name}:address:${request.ip}`, max: perAddress, windowMs });
  }
  const email = emailOf(request.body);
  if (rule.perEmail !== undefined && email !== null) {
    // the raw `_seller` names the seller: no lookup before the limit, and an unknown one fails later
    const seller = String(fieldOf(request.query, '_seller') ?? '');
    checks.push({ key: `${name}:email:${seller}:${email}`, max: rule.perEmail, windowMs });
  }
  // per cart, not per identity: every guest shares the seller's public identity, and a cart
  // rotating addresses still meets this key (a new cart costs a `cart_create`)
  const cartId = cartIdOf(request);
  if (rule.perCart !== undefined && cartId !== null) {
    checks.push({ key: `${name}:cart:${cartId}`, max: rule.perCart, windowMs });
  }
  return checks;
}

const namesOf = (limit: CallLimitName | readonly CallLimitName[] | undefined) =>
  limit === undefined ? [] : typeof limit === 'string' ? [limit] : limit;

/** The one hook that applies `config.callLimit` (after body validation, before the handler). */
export const callLimits = fp(
  async (app) => {
    const db = app.deps.database.db;
    // keys counted by a call that gives them back if it succeeds
    const forgivable = new WeakMap<FastifyRequest, string[]>();

    app.addHook('preHandler', async (request) => {
      for (const name of namesOf(request.routeOptions.config.callLimit)) {
        const rule = CALL_LIMITS[name];
        if (rule.counts && !rule.counts(request)) continue;
        const checks = limitChecks(name, request, app.deps.config);
        if (checks.length === 0) continue;
        await enforceRequestLimits(db, rule.context, checks, app.deps.now(), rule.description);
        if (rule.failuresOnly) {
          forgivable.set(request, [
            ...(forgivable.get(request) ?? []),
            ...checks.map((c) => c.key),
          ]);
        }
      }
    });

    // onSend, not onResponse: the count is given back before the client hears the answer, so
    // its next call already sees it
    app.addHook('onSend', async (request, reply) => {
      const keys = forgivable.get(request);
      if (keys === undefined || reply.statusCode >= 300) return;
      forgivable.delete(request);
      for (const key of keys) await giveBackRequest(db, key);
    });
  },
  { name: 'call-limits' },
);
