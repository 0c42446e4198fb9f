import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { makeVenue } from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { ORDER_ID, orderBundle } from '@/testing/order-fixtures';

/** Issue #25: the tickets page says where to come — the event's venue and its address. */
describe('ticket order page: the venue', () => {
  it('prints the venue name and address on each ticket', async () => {
    const body = orderBundle();
    const venue = makeVenue({
      name: 'Museum of Light & Time',
      address: '1 Meridian Plaza, New York',
    });
    body.event_template = toCollection(
      body.event_template._data.map((e) => ({ ...e, venue_id: venue.id })),
    );
    body.venue = toCollection([venue]);
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, {
      fetch: createFetchStub({ 'GET /api/ticket_order/:id': body }),
    });
    expect(
      await screen.findByText('Where: Museum of Light & Time, 1 Meridian Plaza, New York'),
    ).toBeInTheDocument();
  });
});
