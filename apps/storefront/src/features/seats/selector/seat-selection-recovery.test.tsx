import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorResponse } from '@/testing/fetch-stub';
import { seatMapBody } from '@/features/seats/model/seat-test-kit';
import {
  ADULT,
  CHILD,
  SEAT_MAP,
  SESSION_ID,
  chooseAdultsAndChild,
  openSelector,
  renderSeated,
  reserveBodies,
  seatButton,
  seatMapReads,
  stallsSeats,
} from '@/features/seats/selector/seat-route-test-kit';

beforeAll(async () => {
  await import('@/features/seats/selector/seat-selector');
});
beforeEach(() => localStorage.clear());

describe('seat selection when things go wrong, and without the map', { timeout: 30_000 }, () => {
  it('a lost seat race drops the seats taken, reloads the map and reopens the selector', async () => {
    let reads = 0;
    const { user, fetch } = renderSeated({
      // the second read sees A4 held by the buyer who won
      [SEAT_MAP]: () => {
        reads += 1;
        return seatMapBody(
          stallsSeats(reads === 1 ? { 1: 'booked' } : { 1: 'booked', 4: 'booked' }),
        );
      },
      'POST /api/my/cart/modify': errorResponse(
        409,
        'ticket_group_sold_out',
        'Sorry, those seats have just been sold.',
        { seat_template_ids: ['Stalls-A4'], seats: ['A4'] },
      ),
    });
    await chooseAdultsAndChild(user);
    await openSelector(user);
    await user.click(seatButton(/Row A, seat 3,/));
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(
      await screen.findByText('Sorry, these seats were just taken: A4. Please choose other seats.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose your seats' })).toBeInTheDocument();
    expect(seatMapReads(fetch)).toHaveLength(2);
    expect(seatButton(/Row A, seat 4, .*, sold out$/)).toBeInTheDocument();
    expect(seatButton(/Row A, seat 3, .*, selected$/)).toBeInTheDocument();
    expect(screen.getByText('2 of 3 seats chosen')).toBeInTheDocument();
    // the form shows no message of its own: the selector names the seats
    expect(screen.queryByText('Sorry, those seats have just been sold.')).not.toBeInTheDocument();
    expect(reserveBodies(fetch)).toHaveLength(1);
  });

  it('a seat-map load failure goes to the general message (shopping §8)', async () => {
    let failing = true;
    const { user } = renderSeated({
      [SEAT_MAP]: () =>
        failing ? errorResponse(500, 'internal_error') : seatMapBody(stallsSeats(), SESSION_ID),
    });
    await chooseAdultsAndChild(user);
    await user.click(screen.getByRole('button', { name: 'Find Seats' }));
    expect(
      await screen.findByText('Sorry! Something unexpected happened. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find Seats' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose your seats' })).not.toBeInTheDocument();
    // the next try reads the map again and opens
    failing = false;
    await openSelector(user);
  });

  it('best available picks the central run of the front row with ordinary buttons', async () => {
    const { user, fetch, router } = renderSeated();
    await chooseAdultsAndChild(user);
    await openSelector(user);
    const list = screen.getByRole('region', {
      name: 'Or let us choose: best available seats by section',
    });
    expect(within(list).getByText('Stalls: 10 seats available')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Choose best available in Stalls' }));
    // A1 is sold: A2–A4 and A3–A5 are as near the centre (x 105); the first along the row wins
    expect(screen.getByText('Seats A2, A3, A4 selected. 3 of 3 seats chosen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    expect(reserveBodies(fetch)).toEqual([
      {
        add: [
          {
            event_session_id: SESSION_ID,
            ticket_types_required: [
              { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'Stalls-A2' },
              { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'Stalls-A3' },
              { ticket_type_id: CHILD, quantity: 1, seat_template_id: 'Stalls-A4' },
            ],
          },
        ],
      },
    ]);
  });
});
