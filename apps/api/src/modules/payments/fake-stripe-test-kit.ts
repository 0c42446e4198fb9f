import type { StripeIntent, StripeLikeClient } from './stripe-gateway';

/** A scripted Stripe account for the tests (no network): see `setStripeClientFactory`. */

type Answer = (params: Record<string, unknown>) => StripeIntent;

/** A fake Stripe account: records created intents, answers what the test scripts. */
export function fakeStripe() {
  const created: Record<string, unknown>[] = [];
  const keys: string[] = [];
  const retrievals: string[] = [];
  const state = {
    answer: (() => ({
      id: `pi_${created.length}`,
      status: 'succeeded',
      client_secret: `pi_${created.length}_secret`,
    })) as Answer,
    retrieved: 'succeeded',
  };
  const client: StripeLikeClient = {
    paymentIntents: {
      create: async (params) => {
        created.push(params);
        return state.answer(params);
      },
      retrieve: async (id) => {
        retrievals.push(id);
        return { id, status: state.retrieved, client_secret: `${id}_secret` };
      },
      confirm: async (id) => ({ id, status: 'succeeded', client_secret: `${id}_secret` }),
    },
  };
  return { client, created, keys, retrievals, state };
}
