import type { CalendarDay, PricedSession } from '@admit/contracts/availability';
import type { EventTemplate, TicketType } from '@admit/contracts/resources';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { Page } from 'playwright-core';
import { browsableEvents, fetchAvailableEvents, readSellerConfig } from './catalog';
import {
  cartWidget,
  chooseSession,
  dateFirstForm,
  SELLER,
  setQuantity,
  storedCartId,
  venueTimeLabel,
} from './reserve';
import { availableDays, sessionsOn, sessionTicketTypes } from './session-reads';
import { lowSessionFor, plannableDays, sessionFor } from './session-choice';
import { eventLink } from './storefront';

/** What a reserve spec books: chosen from what the running server offers, never from the seed. */
export interface ReservePlan {
  config: SellerConfig;
  event: EventTemplate;
  day: CalendarDay;
  session: PricedSession;
  /** the session's start as the picker shows it ("10:30 AM") */
  time: string;
  types: TicketType[];
}

export interface PlanOptions {
  /** places the spec reserves at the session */
  places: number;
  /** a low-availability session ("Hurry, less than 10…") instead of one with room to spare */
  lowAvailability?: boolean;
  /** the listed event to book, by name (default: the seller's admission event) */
  eventName?: string;
}

/**
 * Opens the seller's listing and finds, among the dates the form shows as buttons (the first 8,
 * shopping §9, today skipped), the first session that can hold `places` (session-choice.ts),
 * or a low-availability one when asked.
 */
export async function planReserve(
  page: Page,
  baseUrl: string,
  options: PlanOptions,
): Promise<ReservePlan> {
  await page.goto(`/${SELLER}/events`);
  const config = await readSellerConfig(page);
  const listed = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER));
  const event = options.eventName
    ? listed.find((e) => e.name === options.eventName)
    : listed.find((e) => e.id === config.admission_event_id);
  if (!event) {
    throw new Error(
      `${options.eventName ?? 'the admission event'} is not on the ${SELLER} listing`,
    );
  }
  return planSession(page, baseUrl, config, event, options);
}

/** The first date and session of `event` that fit the options (session-choice.ts). */
export async function planSession(
  page: Page,
  baseUrl: string,
  config: SellerConfig,
  event: EventTemplate,
  options: PlanOptions,
): Promise<ReservePlan> {
  const eventId = event.id;
  const days = await availableDays(baseUrl, eventId);
  const choose = options.lowAvailability ? lowSessionFor : sessionFor;
  for (const day of plannableDays(days)) {
    const sessions = await sessionsOn(baseUrl, eventId, day.date);
    const session = choose(sessions, { places: options.places, now: Date.now() });
    if (!session) continue;
    const types = await sessionTicketTypes(baseUrl, eventId, session.id);
    const time = await venueTimeLabel(page, session.start_datetime, config.timezone, config.locale);
    return { config, event, day, session, time, types };
  }
  const dates = plannableDays(days).map((d) => d.date);
  throw new Error(`no session of ${event.name} on ${dates.join(', ')} fits`);
}

/**
 * From the listing: opens the event, picks "Visit on a specific date", the plan's date button and
 * session, and sets the steppers; leaves the "Add to cart" click to the spec.
 */
export async function fillDateFirstForm(
  page: Page,
  plan: ReservePlan,
  quantities: ReadonlyArray<readonly [typeName: string, quantity: number]>,
) {
  await eventLink(page, plan.event).click();
  return fillOpenDateFirstForm(page, plan, quantities);
}

/**
 * On the event's page: picks "Visit on a specific date" where the event also sells any-date
 * admission, the plan's date button and session, and sets the steppers.
 */
export async function fillOpenDateFirstForm(
  page: Page,
  plan: ReservePlan,
  quantities: ReadonlyArray<readonly [typeName: string, quantity: number]>,
) {
  await page.getByRole('heading', { level: 1, name: plan.event.name }).waitFor();
  const form = dateFirstForm(page);
  const specific = form.getByRole('button', { name: 'Visit on a specific date' });
  const dates = form.getByRole('group', { name: 'Date' });
  await specific.or(dates).first().waitFor();
  if ((await specific.count()) > 0) await specific.click();
  await form
    .getByRole('group', { name: 'Date' })
    // a date button is named by what it shows, then the full date ("Sat 21 Nov Saturday, …")
    .getByRole('button', { name: plan.day.longFormat })
    .click();
  await chooseSession(form, plan.time);
  for (const [typeName, quantity] of quantities) await setQuantity(form, typeName, quantity);
  return form;
}

/** Clicks "Add to cart" and waits for the reserved event in the cart widget; returns the cart id. */
export async function submitAndWaitForCart(page: Page, plan: ReservePlan): Promise<string> {
  await dateFirstForm(page).getByRole('button', { name: 'Add to cart' }).click();
  await cartWidget(page).getByRole('listitem', { name: plan.event.name }).waitFor();
  const cartId = await storedCartId(page);
  if (!cartId) throw new Error('the storefront kept no cart id after reserving');
  return cartId;
}
