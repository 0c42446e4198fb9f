import type { StripeIntent, StripeLikeClient } from './stripe-gateway';

/** A scripted Stripe account for the tests (no network): see `setStripeClientFactory`. */

type Answer = (params: Record<string, unknown>) => StripeIntent;

/** A fake Stripe account: records created intents, answers what the test scripts. */
export function fakeStripe() {
  const created: Record<string, unknown>[] = [];
  const keys: string[] = [];
  const retrievals: string[] = [];
  /** the idempotency key of each create (our payment id: `admit-{paymentId}`) */
  const createKeys: string[] = [];
  const refunds: { params: Record<string, unknown>; idempotencyKey?: string }[] = [];
  const customers: { params: Record<string, unknown>; idempotencyKey?: string }[] = [];
  const state = {
    answer: (() => ({
      id: `pi_${created.length}`,
      status: 'succeeded',
      client_secret: `pi_${created.length}_secret`,
    })) as Answer,
    retrieved: 'succeeded',
    /** the card a retrieve answers, expanded when asked (`expand: ['payment_method']`) */
    card: null as { brand: string; last4: string } | null,
  };
  const client: StripeLikeClient = {
    paymentIntents: {
      create: async (params, options) => {
        created.push(params);
        createKeys.push(options?.idempotencyKey ?? '');
        return state.answer(params);
      },
      retrieve: async (id, params) => {
        retrievals.push(id);
        const expanded = (params?.expand as string[] | undefined)?.includes('payment_method');
        return {
          id,
          status: state.retrieved,
          client_secret: `${id}_secret`,
          ...(state.card
            ? { payment_method: expanded ? { id: 'pm_1', card: state.card } : 'pm_1' }
            : {}),
        };
      },
      confirm: async (id) => ({ id, status: 'succeeded', client_secret: `${id}_secret` }),
    },
    refunds: {
      create: async (params, options) => {
        refunds.push({ params, idempotencyKey: options?.idempotencyKey });
        return { id: `re_${refunds.length}`, status: 'succeeded' };
      },
    },
    customers: {
      create: async (params, options) => {
        customers.push({ params, idempotencyKey: options?.idempotencyKey });
        return { id: `cus_${customers.length}` };
      },
    },
  };
  return { client, created, createKeys, keys, retrievals, refunds, customers, state };
}
