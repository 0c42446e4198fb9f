import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeTicket } from '@/testing/cart-fixtures';
import {
  checkoutResponse,
  payableCart,
  SANDBOX_METHOD,
  seedCart,
} from '@/testing/checkout-fixtures';
import {
  FAMILY,
  MEMBERSHIP_GROUP_ID,
  membershipEventBody,
  membershipLevels,
} from '@/testing/membership-fixtures';
import { setMembershipAutoRenew } from '@/stores/cart-store';

beforeEach(() => localStorage.clear());

/** A guest cart holding a Family membership (one ticket per member). */
function membershipCart(outstanding: string): CartBundle {
  const ticket = () =>
    makeTicket({
      ticket_type_id: FAMILY,
      ticket_group_id: MEMBERSHIP_GROUP_ID,
      event_session_id: null,
    });
  return payableCart(outstanding, {
    ticket: toCollection([ticket(), ticket()]),
    ticket_type: toCollection(membershipLevels([FAMILY])),
    ticket_group: membershipEventBody().ticket_group!,
  });
}

function renderCheckout(bundle: CartBundle, autoRenew: boolean | null) {
  seedCart(bundle);
  setMembershipAutoRenew(autoRenew);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
  });
  return { ...renderRoute('/checkout', { fetch }), fetch };
}

type User = ReturnType<typeof renderRoute>['user'];

async function fillPurchaser(user: User, card: boolean) {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Email address': 'ada@example.org',
    'Confirm email address': 'ada@example.org',
    ...(card
      ? {
          'Card number': '4242 4242 4242 4242',
          'Expiry (MM/YY)': '12/30',
          CVC: '123',
          // a guest's ZIP is asked once, in the purchaser form (decision 0031)
          'ZIP / Postcode': '10001',
        }
      : {}),
  };
  for (const [label, value] of Object.entries(values)) {
    await user.type(
      screen.getByLabelText(new RegExp(`^${label.replace(/[()/]/g, '\\$&')}( \\*)?$`)),
      value,
    );
  }
}

const checkoutBody = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'))?.body as Record<
    string,
    unknown
  >;

describe('auto-renew at checkout (identity §3 payment entry, shopping §4 membership form)', () => {
  it('asks for auto-renew and keeps the card for it when the membership form chose it', async () => {
    const { user, fetch, router } = renderCheckout(membershipCart('180.00'), true);
    await screen.findByRole('button', { name: 'Pay $180.00' });
    await fillPurchaser(user, true);
    await user.click(screen.getByRole('button', { name: 'Pay $180.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(checkoutBody(fetch)).toMatchObject({
      auto_renew: true,
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_sandbox_1', source_type: 'card', save_card: true },
    });
  });

  it('sends a declined auto-renew and saves nothing', async () => {
    const { user, fetch, router } = renderCheckout(membershipCart('0.00'), false);
    await screen.findByRole('button', { name: 'Complete order' });
    await fillPurchaser(user, false);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(checkoutBody(fetch)).toMatchObject({ auto_renew: false, gateway_data: {} });
  });

  it('says nothing of auto-renew for a cart without a membership', async () => {
    const { user, fetch, router } = renderCheckout(payableCart('0.00'), true);
    await screen.findByRole('button', { name: 'Complete order' });
    await fillPurchaser(user, false);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(checkoutBody(fetch)).not.toHaveProperty('auto_renew');
  });
});
