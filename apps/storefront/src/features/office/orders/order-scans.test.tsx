import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfficeOrder } from '@admit/contracts/office-orders';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { ADULT, CHILD, collection, ORDER_ID, officeOrderOf } from './orders-test-fixtures';

/**
 * Each ticket's scan history on its office order (issue #27; decision 0107): the admitting and
 * the refused scans, oldest first as the API answers them, each with its time in the venue's
 * zone (New York, whatever the machine's), a sentence for what came of it, and the scanner.
 */

// the order as GET /api/office/ticket_order/{id} answers it: the adult scanned twice, the
// child's scan refused after its ticket was cancelled
const scanned = (): OfficeOrder => {
  const base = officeOrderOf(1507, 'cancelled');
  const byTicket: Record<string, Partial<OfficeOrder['tickets_detail'][number]>> = {
    [ADULT]: {
      state: 'redeemed',
      redeemed_at: '2029-06-10T19:55:00.000Z',
      redeemed_by: 'East door',
      scans: [
        { at: '2029-06-10T19:55:00.000Z', result: 'admitted', by: 'East door' },
        { at: '2029-06-10T20:10:00.000Z', result: 'already_redeemed', by: 'West door' },
      ],
    },
    [CHILD]: {
      scans: [{ at: '2029-06-10T19:56:00.000Z', result: 'ticket_cancelled', by: 'East door' }],
    },
  };
  return {
    ...base,
    tickets_detail: base.tickets_detail.map((t) => ({ ...t, ...byTicket[t.id] })),
  };
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/orders/orders-section');
});

describe('the office order page’s scan history', () => {
  it('shows each ticket’s scans, admitted and refused, oldest first, with the scanner', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      [`GET /api/office/ticket_order/${ORDER_ID}`]: { ticket_order: collection([scanned()]) },
    });
    const { container } = renderRoute(`/office/orders/${ORDER_ID}`, { fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R6HBQ68U' })).toBeVisible();

    const adult = screen.getByRole('table', { name: 'Scans of ticket 2, Adult' });
    expect(
      within(adult)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Result', 'Scanner']);
    expect(rowsOf(adult)).toEqual([
      ['Jun 10, 2029, 3:55 PM', 'Admitted', 'East door'],
      ['Jun 10, 2029, 4:10 PM', 'Refused: already used', 'West door'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Scans of ticket 1, Child' }))).toEqual([
      ['Jun 10, 2029, 3:56 PM', 'Refused: ticket cancelled', 'East door'],
    ]);
    // a ticket the door refused was seen, but never let in
    expect(
      screen.getByRole('checkbox', { name: /Child .* cancelled · Not admitted/ }),
    ).toBeDisabled();
    expect(
      screen.getByRole('checkbox', {
        name: /Adult .* redeemed · Scanned Jun 10, 2029, 3:55 PM by East door/,
      }),
    ).toBeDisabled();

    // contrast needs a real layout (the e2e checks it in Chromium)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows no scan table for a ticket the door never saw', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('box_office'),
      [`GET /api/office/ticket_order/${ORDER_ID}`]: {
        ticket_order: collection([officeOrderOf(0)]),
      },
    });
    renderRoute(`/office/orders/${ORDER_ID}`, { fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R6HBQ68U' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('checkbox', { name: /· booked · Not scanned$/ })).toHaveLength(2);
  });
});
