import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSellerConfig } from '@/testing/seller-config';
import { makeRow, seatMapBody } from '@/features/seats/model/seat-test-kit';
import {
  ADULT,
  CHILD,
  CIRCLE,
  EVENT_ID,
  SEAT_MAP,
  SESSION_ID,
  balcony,
  chooseAdultsAndChild,
  circle,
  openSelector,
  renderSeated,
  reserveBodies,
  seatButton,
  seatMapReads,
  stalls,
  stallsSeats,
  types,
} from '@/features/seats/selector/seat-route-test-kit';

beforeAll(async () => {
  await import('@/features/seats/selector/seat-selector');
});
beforeEach(() => localStorage.clear());

describe(
  'seat selection in the single-event form (shopping §2, §4, §5)',
  { timeout: 30_000 },
  () => {
    it('opens on Find Seats, auto-extends a pick, confirms and sends one entry per seat', async () => {
      const { user, fetch, router } = renderSeated();
      const findSeats = await screen.findByRole('button', { name: 'Find Seats' });
      expect(findSeats).toHaveAttribute('aria-disabled', 'true');
      await chooseAdultsAndChild(user);
      expect(findSeats).not.toHaveAttribute('aria-disabled');
      // closed → rendering (the map loading) → open
      await user.click(findSeats);
      expect(screen.getByText('Loading the seat map…')).toBeInTheDocument();
      // focus follows: into the opened map, back to the control when it closes
      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'Choose your seats' })).toHaveFocus(),
      );
      expect(Object.fromEntries(seatMapReads(fetch)[0]!.url.searchParams)).toMatchObject({
        _withgeometry: '1',
      });
      expect(seatButton('Row A, seat 1, Adult $25.00, sold out')).toBeInTheDocument();

      await user.click(seatButton('Row A, seat 3, Adult $25.00, available'));
      expect(
        screen.getByText('Seats A3, A4, A5 selected. 3 of 3 seats chosen.'),
      ).toBeInTheDocument();
      // first seats to the first type in order; the rest of the map is full for this order
      expect(seatButton('Row A, seat 5, Child $10.00, selected')).toBeInTheDocument();
      expect(seatButton('Row B, seat 1, Adult $25.00, unavailable')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
      const table = screen.getByRole('table', { name: 'Selected Seats' });
      expect(
        within(table)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['RowSeatType', 'A3Adult', 'A4Adult', 'A5Child']);
      expect(screen.getByRole('button', { name: 'Change Selected Seats' })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
      expect(reserveBodies(fetch)).toEqual([
        {
          add: [
            {
              event_session_id: SESSION_ID,
              ticket_types_required: [
                { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'Stalls-A3' },
                { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'Stalls-A4' },
                { ticket_type_id: CHILD, quantity: 1, seat_template_id: 'Stalls-A5' },
              ],
            },
          ],
        },
      ]);
    });

    it('refuses a sold seat, raises invalid on an incomplete confirm, deselects', async () => {
      const { user } = renderSeated();
      await chooseAdultsAndChild(user);
      await openSelector(user);
      await user.click(seatButton(/Row A, seat 1,/));
      expect(screen.getByText('Seat A1 is not available.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Not enough seats for Adult');
      expect(screen.getByRole('heading', { name: 'Choose your seats' })).toBeInTheDocument();

      // the end of row B: the run extends backwards along previous links
      await user.click(seatButton(/Row B, seat 5,/));
      expect(
        screen.getByText('Seats B5, B4, B3 selected. 3 of 3 seats chosen.'),
      ).toBeInTheDocument();
      await user.click(seatButton(/Row B, seat 4,/));
      expect(screen.getByText('Seat B4 removed. 2 of 3 seats chosen.')).toBeInTheDocument();
      expect(seatButton('Row B, seat 4, Adult $25.00, available')).toBeInTheDocument();
    });

    it('asks for Find Seats, then names the type short of seats, focusing the control', async () => {
      const { user, fetch } = renderSeated();
      await chooseAdultsAndChild(user);
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(
        await screen.findByText('Please click the Find Seats button to continue.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Find Seats' })).toHaveFocus();

      await openSelector(user);
      await user.click(seatButton(/Row A, seat 2,/));
      await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
      // one more adult after confirming: the seats no longer cover the child
      await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(await screen.findByText('Not enough seats for Child')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change Selected Seats' })).toHaveFocus();
      expect(reserveBodies(fetch)).toHaveLength(0);
    });

    it('drops the seats that no longer fit when a quantity goes down', async () => {
      const { user } = renderSeated();
      await chooseAdultsAndChild(user);
      await openSelector(user);
      await user.click(seatButton(/Row A, seat 2,/));
      await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
      await user.click(screen.getByRole('button', { name: 'Decrease Child' }));
      const table = screen.getByRole('table', { name: 'Selected Seats' });
      await waitFor(() =>
        expect(
          within(table)
            .getAllByRole('row')
            .map((row) => row.textContent),
        ).toEqual(['RowSeatType', 'A2Adult', 'A3Adult']),
      );
      // Change Selected Seats reopens the map with the seats kept
      await user.click(screen.getByRole('button', { name: 'Change Selected Seats' }));
      await screen.findByRole('heading', { name: 'Choose your seats' });
      expect(seatButton('Row A, seat 3, Adult $25.00, selected')).toBeInTheDocument();
      expect(screen.getByText('2 of 2 seats chosen')).toBeInTheDocument();
    });

    it('clears the selection when the selector unmounts (shopping §4)', async () => {
      const { user, router } = renderSeated();
      await chooseAdultsAndChild(user);
      await openSelector(user);
      await user.click(seatButton(/Row A, seat 2,/));
      await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
      await router.navigate('/no-such-page');
      await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
      await router.navigate(`/events/${EVENT_ID}`);
      await chooseAdultsAndChild(user);
      await openSelector(user);
      expect(screen.getByText('0 of 3 seats chosen')).toBeInTheDocument();
      expect(seatButton('Row A, seat 2, Adult $25.00, available')).toBeInTheDocument();
    });

    it('offers a filter per seated group; seats of groups not in the order are unavailable', async () => {
      const seats = [
        ...stallsSeats(),
        ...makeRow({ section: 'Circle', row: 'C', count: 3, groups: [CIRCLE], y: 90 }),
      ];
      const { user } = renderSeated({ [SEAT_MAP]: seatMapBody(seats, SESSION_ID) }, [
        { group: stalls, types },
        { group: circle, types: [balcony] },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Increase Balcony' }));
      await openSelector(user);
      expect(seatButton('Row C, seat 1, Balcony $15.00, available')).toBeInTheDocument();
      // no stalls tickets chosen: stalls seats are not on offer to this order
      expect(seatButton('Row A, seat 2, Adult $25.00, unavailable')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Circle', pressed: false }));
      expect(screen.getByRole('button', { name: 'Circle', pressed: true })).toBeInTheDocument();
      await user.click(seatButton(/Row C, seat 1,/));
      expect(seatButton('Row C, seat 1, Balcony $15.00, selected')).toBeInTheDocument();
      await user.click(seatButton(/Row A, seat 2,/));
      expect(screen.getByText('Seat A2 is not available.')).toBeInTheDocument();
    });

    it('names each group of steppers by its group, so two "Adult" types are told apart', async () => {
      const circleAdult = { ...balcony, name: 'Adult' };
      renderSeated({}, [
        { group: stalls, types },
        { group: circle, types: [circleAdult] },
      ]);
      const inStalls = await screen.findByRole('group', { name: 'Stalls' });
      const inCircle = screen.getByRole('group', { name: 'Circle' });
      expect(within(inStalls).getByRole('button', { name: 'Increase Adult' })).toBeInTheDocument();
      expect(within(inCircle).getByRole('button', { name: 'Increase Adult' })).toBeInTheDocument();
      expect(within(inCircle).queryByRole('button', { name: 'Increase Child' })).toBeNull();
    });

    it('names each seat with the price the seller shows: all-in adds the fees (decision 0048)', async () => {
      const withFee = types.map((type) => ({
        ...type,
        outside_fees: [{ name: 'fee_fixed_outside' as const, fee: '2.00' }],
      }));
      const { user } = renderSeated(
        {},
        [{ group: stalls, types: withFee }],
        makeSellerConfig({ all_in_prices: 'fees' }),
      );
      await chooseAdultsAndChild(user);
      await openSelector(user);
      expect(seatButton('Row A, seat 2, Adult $27.00, available')).toBeInTheDocument();
    });
  },
);
