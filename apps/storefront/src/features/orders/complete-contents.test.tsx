import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Meta } from '@admit/contracts/resources';
import { toCollection } from '@admit/contracts/envelope';
import { FIXTURE_SELLER_ID, makeMeta, makeTicketGroup } from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { ORDER_ID, orderBundle } from '@/testing/order-fixtures';

/** Issue #25: the completed page speaks of what the order holds. */

const MEMBERSHIP_EVENT = 'f7efb373-a41f-5699-a73e-d75aba33b53c';
const seller = (key: string, value: unknown) => makeMeta(FIXTURE_SELLER_ID, key, value, 'seller');
// the demo museum's texts: a visit's message and a "Become a member" link
const museumMeta: Meta[] = [
  seller(
    'completed_order_message',
    'Your tickets are on their way to your inbox; show the QR code at the entrance.',
  ),
  seller('completed_order_links', [
    { label: 'Book another visit', url: '/demo-museum/events' },
    { label: 'Become a member', url: `/demo-museum/events/${MEMBERSHIP_EVENT}` },
  ]),
];

/** An order whose tickets are all of one group with this handler. */
function orderOf(handler: 'tickets' | 'membership' | 'donation', gift = false) {
  const body = orderBundle(ORDER_ID, 'A-1001', museumMeta);
  const group = body.ticket_group._data[0]!;
  body.ticket_group = toCollection([makeTicketGroup({ id: group.id, handler })]);
  if (gift) {
    body.ticket_order = toCollection([
      { ...body.ticket_order._data[0]!, giftee_identity_id: crypto.randomUUID() },
    ]);
  }
  return body;
}

function visit(body: ReturnType<typeof orderOf>) {
  const config = makeSellerConfig();
  config.membership = { ...config.membership, event_id: MEMBERSHIP_EVENT };
  renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, {
    config,
    fetch: createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: body }),
  });
}

beforeEach(() => localStorage.clear());

describe('checkout complete by order contents (issue #25)', () => {
  it('tells a tickets order to show the QR code, with the code, and offers membership', async () => {
    visit(orderOf('tickets'));
    expect(
      await screen.findByText(
        'Your tickets are on their way to your inbox; show the QR code at the entrance.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of order A-1001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View tickets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a member' })).toBeInTheDocument();
  });

  it('welcomes a new member without a QR message or code, and does not offer to join again', async () => {
    visit(orderOf('membership'));
    expect(
      await screen.findByText(
        'Welcome! Your membership confirmation, with your member ID, has been e-mailed to you. Thank you!',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/show the QR code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Become a member' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book another visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/demo-museum/ticket_order/${ORDER_ID}`,
    );
  });

  it('thanks a giver for a gift of membership, with no QR code and no join link', async () => {
    visit(orderOf('membership', true));
    expect(
      await screen.findByText(
        'Thank you for your gift! Your confirmation has been e-mailed to you.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Become a member' })).not.toBeInTheDocument();
  });

  it('thanks a donor for the donation, with no QR code', async () => {
    visit(orderOf('donation'));
    expect(
      await screen.findByText(
        'Thank you for your donation! Your receipt has been e-mailed to you.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/show the QR code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a member' })).toBeInTheDocument();
  });
});
