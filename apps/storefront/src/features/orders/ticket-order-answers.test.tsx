import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { fixtureId, makeMeta } from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { ORDER_ID, orderBundle } from '@/testing/order-fixtures';

/** Issue #25 (decision 0064): the order page shows the answers to its checkout questions. */
describe('ticket order page: the answers to the checkout questions', () => {
  it('lists each answered question under its title, in the order asked', async () => {
    const questions = makeMeta(fixtureId(1), 'identity_form', {
      properties: {
        group_name: { title: 'School or group name', propertyOrder: 2 },
        access_needs: { title: 'Access needs', propertyOrder: 3 },
        leader_email: { title: "Group leader's e-mail", propertyOrder: 1 },
      },
    });
    const body = orderBundle(ORDER_ID, 'A-1001', [questions]);
    body.ticket_order = toCollection(
      body.ticket_order._data.map((o) => ({
        ...o,
        additional_info: { group_name: 'Hillside Primary', leader_email: 'lead@example.org' },
      })),
    );
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, {
      fetch: createFetchStub({ 'GET /api/ticket_order/:id': body }),
    });
    const section = await screen.findByRole('region', { name: 'About your booking' });
    const terms = within(section)
      .getAllByRole('term')
      .map((el) => el.textContent);
    const answers = within(section)
      .getAllByRole('definition')
      .map((el) => el.textContent);
    // the unanswered "Access needs" is left out
    expect(terms).toEqual(["Group leader's e-mail", 'School or group name']);
    expect(answers).toEqual(['lead@example.org', 'Hillside Primary']);
  });

  it('shows nothing for an order without answers', async () => {
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, {
      fetch: createFetchStub({ 'GET /api/ticket_order/:id': orderBundle() }),
    });
    expect(await screen.findByText('Order A-1001')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'About your booking' })).toBeNull();
  });
});

/** Decision 0077: the completed page lists them too, and answers beyond text read as words. */
describe('checkout complete: the answers to the checkout questions', () => {
  beforeEach(() => localStorage.clear());

  it('lists a choice, a number, a ticked box and a date under the order, in the order asked', async () => {
    const questions = makeMeta(fixtureId(1), 'identity_form', {
      properties: {
        group_type: { title: 'Type of group', enum: ['School', 'Adult group'] },
        group_size: { title: 'Group size', type: 'integer', minimum: 1, maximum: 60 },
        wheelchair: { title: 'Wheelchair access needed', type: 'boolean' },
        visit_day: { title: 'Preferred day', format: 'date' },
      },
    });
    const body = orderBundle(ORDER_ID, 'A-1001', [questions]);
    body.ticket_order = toCollection(
      body.ticket_order._data.map((o) => ({
        ...o,
        additional_info: {
          visit_day: '2029-06-02',
          wheelchair: 'true',
          group_size: '24',
          group_type: 'School',
        },
      })),
    );
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, {
      fetch: createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: body }),
    });
    const section = await screen.findByRole('region', { name: 'About your booking' });
    expect(within(section).getByRole('heading', { level: 3 })).toBeVisible();
    const rows = within(section)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Type of group: School',
      'Group size: 24',
      'Wheelchair access needed: Yes',
      'Preferred day: Sat, Jun 2, 2029',
    ]);
  });

  it('shows no answers section for an order without answers', async () => {
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, {
      fetch: createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: orderBundle() }),
    });
    expect(await screen.findByText('Order A-1001')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'About your booking' })).toBeNull();
  });
});
