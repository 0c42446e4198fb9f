import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { fixtureId, makeMeta } from '@/testing/api-fixtures';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  checkoutResponse,
  payableCart,
  SANDBOX_METHOD,
  seedCart,
} from '@/testing/checkout-fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

type User = ReturnType<typeof renderRoute>['user'];

// the cart fixture's tickets are of event fixtureId(1), group fixtureId(100)
const IDENTITY_FORM = makeMeta(fixtureId(1), 'identity_form', {
  properties: {
    group_name: { title: 'School or group name', description: 'As on your booking letter.' },
    leader_email: { title: "Group leader's e-mail", format: 'email' },
    leader_email_confirm: { title: "Confirm the leader's e-mail", same_as: 'leader_email' },
  },
  required: ['group_name', 'leader_email', 'leader_email_confirm'],
});
const EXTRA_FIELDS = makeMeta(
  fixtureId(100),
  'extra_checkout_fields',
  {
    properties: { group_type: { title: 'Type of group', enum: ['School', 'Company'] } },
    required: ['group_type'],
  },
  'ticket_group',
);

function checkout(
  textStrings: Record<string, string> = {},
  questions = [IDENTITY_FORM, EXTRA_FIELDS],
) {
  const bundle = payableCart('50.00', {}, questions);
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
  });
  const config = makeSellerConfig({ text_strings: textStrings });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

const label = (text: string) => new RegExp(`^${text.replace(/[/()]/g, '\\$&')}( \\*)?$`);
const field = (text: string) => screen.getByLabelText(label(text));

async function fillPurchaserAndCard(user: User) {
  await user.type(await screen.findByLabelText(label('First name')), 'Ada');
  await user.type(field('Last name'), 'Lovelace');
  await user.type(field('Email address'), 'ada@example.org');
  await user.type(field('Confirm email address'), 'ada@example.org');
  await user.type(field('ZIP / Postcode'), '10001');
  await user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText(/^Expiry \(MM\/YY\)/), '12/30');
  await user.type(screen.getByLabelText(/^CVC/), '123');
}

const sentCheckout = (fetch: ReturnType<typeof checkout>['fetch']) =>
  fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));

// issue #25: event and group identity_form and extra_checkout_fields; identity §5 same-as rule
describe('the order’s checkout questions', () => {
  it('asks the cart’s questions, checks them before paying and sends the answers', async () => {
    const { user, fetch, router } = checkout();
    await fillPurchaserAndCard(user);
    const groupName = field('School or group name');
    expect(groupName).toHaveAttribute('aria-required', 'true');
    expect(groupName).toHaveAccessibleDescription('As on your booking letter.');

    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There were errors found in the information you submitted.',
    );
    await waitFor(() => expect(groupName).toHaveFocus());
    expect(groupName).toHaveAccessibleDescription(
      'As on your booking letter. Input must not be empty.',
    );
    expect(sentCheckout(fetch)).toBeUndefined();

    await user.type(groupName, ' Hillside Primary ');
    await user.type(field("Group leader's e-mail"), 'lead@example.org');
    await user.type(field("Confirm the leader's e-mail"), 'lead@example.com');
    await user.selectOptions(field('Type of group'), 'School');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    // no seller text for 'leader_emailMustMatch': the catalogue's generic message
    expect(
      await screen.findByText('This must match "Group leader\'s e-mail".'),
    ).toBeInTheDocument();
    expect(field("Confirm the leader's e-mail")).toHaveAttribute('aria-invalid', 'true');
    expect(sentCheckout(fetch)).toBeUndefined();

    await user.clear(field("Confirm the leader's e-mail"));
    await user.type(field("Confirm the leader's e-mail"), 'lead@example.org');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect((sentCheckout(fetch)?.body as { additional_info: unknown }).additional_info).toEqual({
      group_name: 'Hillside Primary',
      leader_email: 'lead@example.org',
      leader_email_confirm: 'lead@example.org',
      group_type: 'School',
    });
  });

  it("shows the seller's '{field}MustMatch' text for a same-as input", async () => {
    const { user, fetch } = checkout({
      leader_emailMustMatch: 'The two group leader e-mail addresses must match.',
    });
    await fillPurchaserAndCard(user);
    await user.type(field('School or group name'), 'Hillside Primary');
    await user.type(field("Group leader's e-mail"), 'lead@example.org');
    await user.type(field("Confirm the leader's e-mail"), 'LEAD@example.org');
    await user.selectOptions(field('Type of group'), 'Company');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText('The two group leader e-mail addresses must match.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This must match/)).toBeNull();
    expect(sentCheckout(fetch)).toBeUndefined();
  });
});

// a gift card that pays the whole order makes it: its call carries the answers (decision 0064)
describe('the checkout questions when a gift card pays the order', () => {
  const GIFT_CARD = '6000111122223333';

  it('checks the answers before the gift card dialog opens, then sends them with the card', async () => {
    const bundle = payableCart('50.00', {}, [IDENTITY_FORM, EXTRA_FIELDS]);
    seedCart(bundle);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': bundle,
      'GET /api/ledger/ledger/:number': {
        ledger: toCollection([
          { number: GIFT_CARD, balance: '80.00', currency_code: 'USD', state: 'active' },
        ]),
      },
      'POST /api/cart/:id/pay': jsonResponse(checkoutResponse(), 201),
    });
    const { user, router } = renderRoute('/checkout', { fetch, config: makeSellerConfig() });

    const giftCard = await screen.findByRole('button', { name: 'Pay with a gift card' });
    await user.click(giftCard);
    const groupName = field('School or group name');
    await waitFor(() => expect(groupName).toHaveFocus());
    expect(groupName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(groupName, 'Hillside Primary');
    await user.type(field("Group leader's e-mail"), 'lead@example.org');
    await user.type(field("Confirm the leader's e-mail"), 'lead@example.org');
    await user.selectOptions(field('Type of group'), 'Company');
    await user.click(giftCard);
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await user.type(within(dialog).getByLabelText('Gift card number'), GIFT_CARD);
    await user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const pay = fetch.requests.find((r) => r.url.pathname.endsWith('/pay'));
    expect(pay?.body).toMatchObject({
      gateway_id: 'ledger',
      amount: '50.00',
      additional_info: {
        group_name: 'Hillside Primary',
        leader_email: 'lead@example.org',
        leader_email_confirm: 'lead@example.org',
        group_type: 'Company',
      },
    });
  });
});

// decision 0077: answers beyond text
describe('checkout questions of other types', () => {
  const TYPED = makeMeta(fixtureId(1), 'identity_form', {
    properties: {
      group_size: { title: 'Group size', type: 'integer', minimum: 1, maximum: 60 },
      photos: { title: 'Photos allowed', type: 'boolean' },
      visit_day: { title: 'Preferred day', format: 'date' },
    },
    required: ['photos'],
  });

  it('a number field with its bounds, a checkbox and a date field; ticked sends true', async () => {
    const { user, fetch, router } = checkout({}, [TYPED]);
    await fillPurchaserAndCard(user);
    const size = field('Group size');
    expect(size).toHaveAttribute('type', 'number');
    expect(field('Preferred day')).toHaveAttribute('type', 'date');
    const photos = screen.getByRole('checkbox', { name: label('Photos allowed') });
    await user.type(size, '61');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByText('Please enter a number from 1 to 60.')).toBeInTheDocument();
    expect(photos).toHaveAccessibleDescription('Input must not be empty.');
    expect(sentCheckout(fetch)).toBeUndefined();

    await user.clear(size);
    await user.type(size, '24');
    await user.click(photos);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect((sentCheckout(fetch)?.body as { additional_info: unknown }).additional_info).toEqual({
      group_size: '24',
      photos: 'true',
    });
  });
});
