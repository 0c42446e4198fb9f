import type { StripeIntent, StripeLikeClient, StripeSetupIntent } from './stripe-gateway';

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
    /**
     * SetupIntents (decision 0067): the state a new one is created in, the state a retrieve
     * answers (after the authentication step), the card its payment method is, or a card
     * error the create throws (Stripe's StripeCardError)
     */
    setup: {
      status: 'succeeded',
      retrieved: null as string | null,
      card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
      error: null as { code: string; message: string } | null,
    },
  };
  const setups: { params: Record<string, unknown>; idempotencyKey?: string }[] = [];
  // like Stripe, a create repeated with its idempotency key answers the first intent as it was
  const setupsByKey = new Map<string, StripeSetupIntent>();
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
        // like Stripe, a create repeated with its idempotency key answers the first customer
        const first = customers.findIndex(
          (c) => c.idempotencyKey && c.idempotencyKey === options?.idempotencyKey,
        );
        return { id: `cus_${first + 1}` };
      },
    },
    setupIntents: {
      create: async (params, options) => {
        setups.push({ params, idempotencyKey: options?.idempotencyKey });
        if (state.setup.error) {
          throw { type: 'StripeCardError', ...state.setup.error };
        }
        const key = options?.idempotencyKey ?? `setup-${setups.length}`;
        const first = setupsByKey.get(key);
        if (first) return first;
        const id = `seti_${setupsByKey.size + 1}`;
        const intent: StripeSetupIntent = {
          id,
          status: state.setup.status,
          client_secret: `${id}_secret`,
          payment_method: { id: String(params.payment_method), card: state.setup.card },
        };
        setupsByKey.set(key, intent);
        return intent;
      },
      retrieve: async (id) => {
        const intent = [...setupsByKey.values()].find((i) => i.id === id);
        if (!intent) throw new Error(`no SetupIntent ${id}`);
        return { ...intent, status: state.setup.retrieved ?? intent.status };
      },
    },
  };
  return { client, created, createKeys, keys, retrievals, refunds, customers, setups, state };
}
