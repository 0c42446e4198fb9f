import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import {
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeEventSession, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  EVENT_ID,
  eventBody,
  saturday,
  saturdayReads,
  setUpDateFirstRouteTests,
  ADULT,
  TIMED_GROUP_ID,
  timedGroup,
  timedTypes,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

/**
 * spec: shopping §3 event meta `tickets_must_match_anchor_tickets` (issue #25, decision 0065):
 * an add-on's steppers start at the admission's tickets and cannot pass their number.
 */
const ADMISSION_ID = fixtureId(9);
const ADMISSION_GROUP = fixtureId(109);
const [ADMISSION_ADULT, ADMISSION_CHILD] = [fixtureId(209), fixtureId(210)];

/** Two adults and a child at the admission event (another event than the add-on). */
function admissionCart(): CartBundle {
  const ticket = (typeId: string) =>
    makeTicket({
      event_template_id: ADMISSION_ID,
      ticket_group_id: ADMISSION_GROUP,
      ticket_type_id: typeId,
      event_session_id: fixtureId(309),
    });
  return cartBundle({
    event_template: [makeEventTemplate({ id: ADMISSION_ID, name: 'General Admission' })],
    ticket_group: [makeTicketGroup({ id: ADMISSION_GROUP, event_template_id: ADMISSION_ID })],
    ticket_type: [
      makeTicketType({ id: ADMISSION_ADULT, ticket_group_id: ADMISSION_GROUP, name: 'Adult' }),
      makeTicketType({ id: ADMISSION_CHILD, ticket_group_id: ADMISSION_GROUP, name: 'Child' }),
    ],
    event_session: [makeEventSession({ id: fixtureId(309), event_template_id: ADMISSION_ID })],
    ticket: [ticket(ADMISSION_ADULT), ticket(ADMISSION_ADULT), ticket(ADMISSION_CHILD)],
  });
}

function render(options: { mustMatch: boolean; cart?: CartBundle }) {
  const cart = options.cart ?? admissionCart();
  const config = makeSellerConfig({ anchor_events: [EVENT_ID] });
  setSellerSlug(config.seller.slug);
  setCartFromBundle(cart);
  const meta = options.mustMatch
    ? [makeMeta(EVENT_ID, 'tickets_must_match_anchor_tickets', true)]
    : [];
  return renderRoute(`/events/${EVENT_ID}`, {
    config,
    fetch: createFetchStub({
      'GET /cached_api/events/:id': eventBody({ meta, tabs: false }),
      ...saturdayReads(),
      'GET /api/my/cart/:id': cart,
    }),
  });
}

async function pickSaturdayAtTen(user: ReturnType<typeof render>['user']) {
  await user.click(
    await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
  );
  await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
}

const quantityOf = (type: string) => screen.getByRole('status', { name: `${type} quantity` });

setUpDateFirstRouteTests();

describe('an add-on whose tickets follow the admission (date-first)', { timeout: 15_000 }, () => {
  it('presets each type from the admission and caps the total at its tickets', async () => {
    const { user } = render({ mustMatch: true });
    await pickSaturdayAtTen(user);
    expect(
      await screen.findByText(
        'This add-on goes with your admission: choose 3 in all, one for each admission ticket in your cart.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(quantityOf('Adult')).toHaveTextContent('2'));
    expect(quantityOf('Child')).toHaveTextContent('1');
    // three chosen of three: no more
    expect(screen.getByRole('button', { name: 'Increase Adult' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase Child' })).toBeDisabled();
    // the mix may change within the count
    await user.click(screen.getByRole('button', { name: 'Decrease Child' }));
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    expect(quantityOf('Adult')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Increase Adult' })).toBeDisabled();
  });

  it('counts the add-on tickets already in the cart against the admission', async () => {
    const cart = admissionCart();
    const held = (n: number) =>
      Array.from({ length: n }, () =>
        makeTicket({
          event_template_id: EVENT_ID,
          ticket_group_id: TIMED_GROUP_ID,
          ticket_type_id: ADULT,
          event_session_id: saturday[0]!.id,
        }),
      );
    const withAddOns = cartBundle({
      event_template: [...cart.event_template._data, makeEventTemplate({ id: EVENT_ID })],
      ticket_group: [...cart.ticket_group._data, timedGroup],
      ticket_type: [...cart.ticket_type._data, ...timedTypes],
      event_session: cart.event_session._data,
      ticket: [...cart.ticket._data, ...held(2)],
    });
    const { user } = render({ mustMatch: true, cart: withAddOns });
    await pickSaturdayAtTen(user);
    expect(
      await screen.findByText(
        'This add-on goes with your admission: choose 1 in all, one for each admission ticket in your cart.',
      ),
    ).toBeInTheDocument();
    // nothing preset over what is held; one more, then no more
    expect(quantityOf('Adult')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Increase Child' }));
    expect(quantityOf('Child')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Increase Adult' })).toBeDisabled();
  });

  it('leaves an add-on without the meta free: nothing preset, no cap, no note', async () => {
    const { user } = render({ mustMatch: false });
    await pickSaturdayAtTen(user);
    await screen.findByRole('button', { name: 'Increase Adult' });
    expect(quantityOf('Adult')).toHaveTextContent('0');
    for (let i = 0; i < 4; i++) {
      await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    }
    expect(quantityOf('Adult')).toHaveTextContent('4');
    expect(screen.queryByText(/This add-on goes with your admission/)).toBeNull();
  });
});
