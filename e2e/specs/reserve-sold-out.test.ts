import { afterEach, describe, expect, it } from 'vitest';
import {
  dateFirstForm,
  deleteCart,
  escapeRegExp,
  reserveAsAnotherGuest,
  sessionRadio,
  storedCartId,
  POLL,
} from '../support/reserve';
import { sessionsOn } from '../support/session-reads';
import { fillDateFirstForm, planReserve } from '../support/reserve-flow';
import { useBrowserPage } from '../support/page-fixture';

// spec: shopping §8 "Reserve errors" — event_session_sold_out in the date-first flow: the
// sessions refresh and, while others still have places, the session message shows
describe('a session that sells out while the visitor chooses', () => {
  const fx = useBrowserPage();
  const carts: string[] = [];
  afterEach(async () => {
    for (const id of carts.splice(0)) await deleteCart(fx.baseUrl, id);
  });

  it('shows "Tickets have sold out for the session at {time}…" and marks it sold out', async () => {
    const { page, baseUrl } = fx;
    // a session with a few places left (the low-availability label shows under 10)
    const plan = await planReserve(page, baseUrl, { places: 1, lowAvailability: true });
    const type = plan.types[0];
    if (!type) throw new Error(`${plan.event.name} offers no ticket type`);
    const form = await fillDateFirstForm(page, plan, [[type.name, 1]]);
    await form.getByText('Hurry, less than 10 tickets available.').waitFor();

    // another guest takes every place left before this visitor clicks "Add to cart"
    const fresh = (await sessionsOn(baseUrl, plan.event.id, plan.day.date)).find(
      (s) => s.id === plan.session.id,
    );
    if (!fresh || fresh.availableCapacity < 1) throw new Error('the session sold out too early');
    const other = await reserveAsAnotherGuest(
      baseUrl,
      plan.session.id,
      type.id,
      fresh.availableCapacity,
    );
    carts.push(other.cart._data[0]!.id);
    const after = (await sessionsOn(baseUrl, plan.event.id, plan.day.date)).find(
      (s) => s.id === plan.session.id,
    );
    expect(after?.availableCapacity).toBe(0);

    await form.getByRole('button', { name: 'Add to cart' }).click();
    const alert = form.getByRole('alert').filter({ hasText: 'Tickets have sold out' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `Tickets have sold out for the session at ${plan.time}. Please select another session and try again.`,
    );
    // the refreshed picker shows the session sold out and cannot choose it any more
    const group = form.getByRole('group', { name: 'Time' });
    await expect.poll(() => sessionRadio(group, plan.time).isDisabled(), POLL).toBe(true);
    const soldOut = new RegExp(`^${escapeRegExp(plan.time)}.*Sold out`);
    await group.getByRole('radio', { name: soldOut, disabled: true }).waitFor();
    // nothing was reserved for this visitor and the page stayed on the form
    expect(await storedCartId(page)).toBeNull();
    expect(await dateFirstForm(page).isVisible()).toBe(true);
  });
});
