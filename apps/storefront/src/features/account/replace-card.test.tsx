import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { fixtureId } from '@/testing/api-fixtures';
import { installFakeStripe } from '@/testing/fake-stripe';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  logInMember,
  logOutMember,
  makeMembership,
  myMembershipBody,
  typeSandboxCard,
} from '@/testing/membership-fixtures';

vi.mock('@stripe/stripe-js', async () => (await import('@/testing/fake-stripe')).stripeJsModule());

const IN_TERM = Date.parse('2026-06-01T14:00:00.000Z');

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(IN_TERM);
});
afterEach(() => vi.useRealTimers());

const card = (n: number, brand: string, last4: string) => ({
  id: fixtureId(n),
  type: 'card' as const,
  brand,
  last4,
  exp_month: null,
  exp_year: null,
  created_at: '2026-01-01T05:00:00.000Z',
});
const VISA = card(7900, 'visa', '4242');
const MASTERCARD = card(7901, 'mastercard', '4444');

/** The sandbox's tokenization: a token naming the entered number's last 4 digits. */
const tokenize = (request: StubRequest) => {
  const number = String((request.body as { number: string }).number);
  return jsonResponse(
    {
      payment_method: toCollection([
        {
          id: `pm_sandbox_${number.slice(-4)}`,
          brand: 'visa',
          last4: number.slice(-4),
          exp_month: 12,
          exp_year: 2030,
        },
      ]),
    },
    201,
  );
};

/** POST saved_payment_method: the sandbox's declined test card is refused, any other saved. */
const replaceCard = (request: StubRequest) => {
  const { payment_method } = request.body as { payment_method: string };
  if (payment_method === 'pm_sandbox_0002') {
    const refusal = {
      _code: 'card_declined',
      _context: 'stripe',
      _description: 'Your card was declined.',
      _extra: { decline_code: 'card_declined' },
    };
    return jsonResponse({ _data: [refusal] }, 422);
  }
  return jsonResponse({ saved_payment_method: toCollection([MASTERCARD]) }, 201);
};

function renderMembership(
  save: Fixture = replaceCard,
  config = makeSellerConfig(), // no publishable key: the sandbox fields
) {
  logInMember();
  const fixtures: Record<string, Fixture> = {
    'GET /api/my/membership': myMembershipBody([makeMembership({ auto_renew_state: 'scheduled' })]),
    'GET /api/my/identity/saved_payment_method': {
      saved_payment_method: toCollection([VISA]),
    },
    'POST /api/sandbox/payment_methods': tokenize,
    'POST /api/my/identity/saved_payment_method': save,
  };
  const fetch = createFetchStub(fixtures);
  return { ...renderRoute('/my/membership', { fetch, config }), fetch };
}

const posts = (fetch: ReturnType<typeof createFetchStub>, path: string) =>
  fetch.requests.filter((r) => r.method === 'POST' && r.url.pathname === path);

// issue #25, decision 0067: a member replaces the saved card auto-renew charges
describe('/my/membership: Replace card (sandbox)', () => {
  it('replaces the card by keyboard: refusals first, then the new card is shown', async () => {
    const { user, fetch } = renderMembership();
    const saved = await screen.findByRole('region', { name: 'Saved card' });
    expect(saved).toHaveTextContent('Visa ending 4242');

    // the keyboard opens the form and lands in it
    within(saved).getByRole('button', { name: 'Replace card' }).focus();
    await user.keyboard('{Enter}');
    const form = within(saved).getByRole('form', { name: 'Your new card' });
    expect(within(form).getByRole('heading', { name: 'Your new card' })).toHaveFocus();

    // nothing typed: the checkout's own field errors, nothing sent
    await user.tab();
    expect(within(form).getByLabelText('Card number')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(form).findByText('Card number is not valid.')).toBeInTheDocument();
    expect(posts(fetch, '/api/sandbox/payment_methods')).toEqual([]);

    // a declined test card: the provider's words, the old card stays
    await typeSandboxCard(user, '4000000000000002');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was not saved.');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(saved).toHaveTextContent('Visa ending 4242');

    // another card: saved, shown, announced, and the keyboard is back on the button
    const number = within(form).getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '5555555555554444{Enter}');
    expect(await within(saved).findByRole('status')).toHaveTextContent(
      'Your card has been replaced. Auto-renew will charge the new card.',
    );
    expect(saved).toHaveTextContent('Mastercard ending 4444');
    expect(within(saved).queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(saved).getByRole('button', { name: 'Replace card' })).toHaveFocus(),
    );
    expect(posts(fetch, '/api/my/identity/saved_payment_method').map((r) => r.body)).toEqual([
      { payment_method: 'pm_sandbox_0002' },
      { payment_method: 'pm_sandbox_4444' },
    ]);
    // the card went to the sandbox gateway only, never to the save call
    expect(posts(fetch, '/api/sandbox/payment_methods').map((r) => r.body)).toEqual([
      { number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123', zip: '10001' },
      { number: '5555555555554444', exp_month: 12, exp_year: 2030, cvc: '123', zip: '10001' },
    ]);
  });

  it('Cancel closes the form without a call and gives the keyboard back to the button', async () => {
    const { user, fetch } = renderMembership();
    const saved = await screen.findByRole('region', { name: 'Saved card' });
    await user.click(within(saved).getByRole('button', { name: 'Replace card' }));
    await user.click(within(saved).getByRole('button', { name: 'Cancel' }));
    expect(within(saved).queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(saved).getByRole('button', { name: 'Replace card' })).toHaveFocus(),
    );
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

/** The 402 of a card that asks for 3-D Secure (decision 0067), then the saved card. */
function authenticateThenSave() {
  let calls = 0;
  return () => {
    calls += 1;
    if (calls > 1) return jsonResponse({ saved_payment_method: toCollection([MASTERCARD]) }, 201);
    const action = {
      _code: 'intent_requires_action',
      _context: 'stripe',
      _description: 'Your card requires authentication',
      _extra: { setup_intent_id: 'seti_1', status: 'requires_action', client_secret: 'seti_1_s' },
    };
    return jsonResponse({ _data: [action] }, 402);
  };
}

describe('/my/membership: Replace card (Stripe Elements)', () => {
  // Stripe.js is loaded once per publishable key: each test its own key, its own fake
  let keys = 0;
  const stripeSeller = () =>
    makeSellerConfig({
      checkout: {
        donation_group_id: null,
        stripe_publishable_key: `pk_test_account_${++keys}`,
        captcha_provider: null,
        captcha_site_key: null,
      },
    });

  it("runs the SetupIntent's 3-D Secure step on 402, then saves with the same card; no wallet", async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    const { user, fetch } = renderMembership(authenticateThenSave(), stripeSeller());
    const saved = await screen.findByRole('region', { name: 'Saved card' });
    await user.click(within(saved).getByRole('button', { name: 'Replace card' }));
    expect(await within(saved).findByTestId('stripe-card-element')).toBeInTheDocument();
    await fake.changeCard({ complete: true });
    await user.click(within(saved).getByRole('button', { name: 'Save new card' }));
    expect(await within(saved).findByRole('status')).toHaveTextContent(
      'Your card has been replaced. Auto-renew will charge the new card.',
    );
    expect(saved).toHaveTextContent('Mastercard ending 4444');
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'seti_1_s' });
    expect(posts(fetch, '/api/my/identity/saved_payment_method').map((r) => r.body)).toEqual([
      { payment_method: 'pm_stripe_1' },
      { payment_method: 'pm_stripe_1' },
    ]);
    // there is no total to pay: the card field only, even where a wallet is available
    expect(fake.createElement.mock.calls.map(([type]) => type)).toEqual(['card']);
    expect(fake.stripe.paymentRequest).not.toHaveBeenCalled();
  });

  it("a failed authentication shows the provider's words and saves nothing", async () => {
    const fake = installFakeStripe();
    fake.stripe.handleNextAction.mockResolvedValueOnce({
      error: { message: 'We are unable to authenticate your payment method.' },
    });
    const { user, fetch } = renderMembership(authenticateThenSave(), stripeSeller());
    const saved = await screen.findByRole('region', { name: 'Saved card' });
    await user.click(within(saved).getByRole('button', { name: 'Replace card' }));
    await within(saved).findByTestId('stripe-card-element');
    await fake.changeCard({ complete: true });
    await user.click(within(saved).getByRole('button', { name: 'Save new card' }));
    const alert = await within(saved).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was not saved.');
    expect(alert).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(saved).toHaveTextContent('Visa ending 4242');
    expect(posts(fetch, '/api/my/identity/saved_payment_method')).toHaveLength(1);
  });
});
