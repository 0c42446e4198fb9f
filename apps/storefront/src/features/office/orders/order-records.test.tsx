import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeOrder } from '@admit/contracts/office-orders';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { ADULT, collection, ORDER_ID, officeOrderOf } from './orders-test-fixtures';

/**
 * An order's whole story on its office page (issue #27 "Orders"): each ticket's scan, the
 * refunds, the mails sent and the notes, in the venue's time (New York), not the machine's.
 */

const REFUND = '00000000-0000-4000-8000-0000000000d1';
const storied = (): OfficeOrder => {
  const base = officeOrderOf(1507, 'cancelled');
  return {
    ...base,
    tickets_detail: base.tickets_detail.map((t) =>
      t.id === ADULT
        ? {
            ...t,
            state: 'redeemed',
            redeemed_at: '2029-06-10T19:55:00.000Z',
            redeemed_by: 'East door',
          }
        : t,
    ),
    refunds: [
      {
        id: REFUND,
        payment_id: base.payments[0]!.id,
        amount: 1507,
        state: 'refunded',
        reason: 'School asked',
        created_at: '2029-06-02T13:00:00.000Z',
      },
    ],
    mails: [
      {
        id: '00000000-0000-4000-8000-0000000000m1',
        kind: 'order_cancel',
        to: 'ora@example.test',
        subject: 'Your order R6HBQ68U has changed',
        status: 'sent',
        created_at: '2029-06-02T13:00:00.000Z',
        sent_at: '2029-06-02T13:00:05.000Z',
      },
    ],
    history: [
      {
        id: '00000000-0000-4000-8000-0000000000h1',
        action: 'order.note',
        actor: 'box_office@demo-museum.test',
        at: '2029-06-02T13:05:00.000Z',
        reason: 'Called about parking',
      },
    ],
  };
};

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/orders/orders-section');
});

describe('the office order page’s records', () => {
  it('shows each ticket’s scan, the refunds, the mails sent and the notes', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      [`GET /api/office/ticket_order/${ORDER_ID}`]: { ticket_order: collection([storied()]) },
    });
    renderRoute(`/office/orders/${ORDER_ID}`, { fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R6HBQ68U' })).toBeVisible();
    expect(
      screen.getByRole('checkbox', {
        name: /Adult .* redeemed · Scanned Jun 10, 2029, 3:55 PM by East door/,
      }),
    ).toBeDisabled();
    expect(
      screen.getByRole('checkbox', { name: /Child .* cancelled · Not scanned/ }),
    ).toBeDisabled();
    const listed = (heading: string) =>
      screen.getByRole('heading', { level: 2, name: heading }).nextElementSibling!.textContent;
    expect(listed('Refunds')).toMatch(/Jun 2, 2029, 9:00 AM · \$15\.07 · refunded · School asked/);
    expect(listed('Mails sent')).toBe(
      'Jun 2, 2029, 9:00 AM · Your order R6HBQ68U has changed · ora@example.test · sent',
    );
    expect(listed('Notes and actions')).toBe(
      'Jun 2, 2029, 9:05 AM · box_office@demo-museum.test · order.note: Called about parking',
    );
  });
});
