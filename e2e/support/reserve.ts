import { sessionsResponseSchema } from '@admit/contracts/availability';
import { cartBundleSchema, type CartBundle } from '@admit/contracts/cart';
import { eventTemplateResponseSchema } from '@admit/contracts/catalog';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { APP_HEADER, apiJson } from './catalog';
import { openSessionsPath, sessionFor } from './session-choice';

// Helpers for the reserve specs: the date-first form by its texts and roles, and the server's
// view of sessions and carts through the same public API the storefront calls (shopping §7).

export const SELLER = 'demo-museum';

/** expect.poll's default second is too short on a loaded 2-core machine */
export const POLL = { timeout: 10_000 } as const;
const Q = `_seller=${SELLER}`;

/** The date-first form of an event page (its region is named by its heading). */
export function dateFirstForm(page: Page): Locator {
  return page.getByRole('region', { name: 'Choose a date and tickets' });
}

/** The sidebar cart widget. */
export function cartWidget(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Your cart' });
}

/** A guest in another browser: POST /api/my/cart/modify without the page's cookies. */
export async function reserveAsAnotherGuest(
  baseUrl: string,
  sessionId: string,
  ticketTypeId: string,
  quantity: number,
): Promise<CartBundle> {
  return cartBundleSchema.parse(
    await apiJson(`${baseUrl}/api/my/cart/modify?${Q}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        add: [
          {
            event_session_id: sessionId,
            ticket_types_required: [{ ticket_type_id: ticketTypeId, quantity }],
          },
        ],
      }),
    }),
  );
}

/** Gives a cart's places back (the specs share one server). */
export async function deleteCart(baseUrl: string, cartId: string): Promise<void> {
  await fetch(`${baseUrl}/api/my/cart/${cartId}?${Q}`, { method: 'DELETE', headers: APP_HEADER });
}

/** The cart id the storefront keeps for this seller (shopping §4: local storage). */
export async function storedCartId(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? ((JSON.parse(raw) as { cartId?: string }).cartId ?? null) : null;
  }, `admit:${SELLER}:cart`);
}

/** GET /api/my/cart/{id} from inside the page, so with the page's own cookies. */
export async function fetchCartAsPage(
  page: Page,
  cartId: string,
): Promise<{ status: number; bundle: CartBundle | null }> {
  const { status, body } = await page.evaluate(
    async ({ id, q }) => {
      const res = await fetch(`/api/my/cart/${id}?${q}`, { headers: { 'tix-app': 'ecomm' } });
      return { status: res.status, body: res.ok ? await res.json() : null };
    },
    { id: cartId, q: Q },
  );
  return { status, bundle: body ? cartBundleSchema.parse(body) : null };
}

/** "10:30 AM": a session's start as the page shows it, formatted by the browser's own Intl. */
export function venueTimeLabel(page: Page, iso: string, timeZone: string, _locale?: string) {
  // every seller reads h:mm A (shopping §9; storefront ui/session-time.ts), with a plain space
  return page.evaluate(
    ({ iso, timeZone }) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
        .format(new Date(iso))
        .replace(/\s/g, ' '),
    { iso, timeZone },
  );
}

/** An amount as the page shows money ("$73.51"). */
export function moneyLabel(page: Page, amount: string, currency: string, locale: string) {
  return page.evaluate(
    ({ amount, currency, locale }) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount)),
    { amount, currency, locale },
  );
}

/** The session radio whose name starts with its time (the price follows in the name). */
export function sessionRadio(form: Locator, time: string): Locator {
  return form.getByRole('radio', { name: new RegExp(`^${escapeRegExp(time)}`) });
}

/**
 * Chooses a session by its time as a visitor does: opens the tab holding it when the picker
 * has tabs, then clicks the time's label.
 */
export async function chooseSession(form: Locator, time: string): Promise<void> {
  const group = form.getByRole('group', { name: 'Time' });
  await group.waitFor();
  const radio = sessionRadio(group, time);
  const tabs = group.getByRole('tab');
  for (let i = 0; (await radio.count()) === 0 && i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
  }
  await group.getByText(time, { exact: true }).click();
  await expect.poll(() => radio.isChecked(), POLL).toBe(true);
}

/** Presses a stepper's "Increase {type}" until its quantity reads `quantity`. */
export async function setQuantity(form: Locator, typeName: string, quantity: number) {
  const value = form.getByRole('status', { name: `${typeName} quantity`, exact: true });
  for (let n = Number(await value.textContent()); n < quantity;) {
    await form.getByRole('button', { name: `Increase ${typeName}`, exact: true }).click();
    await expect.poll(async () => Number(await value.textContent()), POLL).toBeGreaterThan(n);
    n = Number(await value.textContent());
  }
  await expect.poll(async () => Number(await value.textContent()), POLL).toBe(quantity);
}

/** Presses Tab (at most `limit` times) until `target` has the keyboard focus. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const focused = () => target.evaluate((el) => el === document.activeElement).catch(() => false);
  for (let i = 0; i < limit; i++) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  if (!(await focused())) throw new Error(`Tab did not reach ${target.toString()}`);
}

/** The accessible name of the element with the keyboard focus. */
export function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reserves two tickets (or `quantity`) of the first session that can hold them (session-choice.ts:
 * places left, not a low-availability or sold-out one, starting after the hold; after
 * `startsAfter` if given), taking `codes` before the reserve, with the page's own cookie session,
 * then stores the cart where a reserve form leaves it (`admit:{slug}:cart`, local expiry =
 * expires_in − 5 s, shopping §4). The reserve forms have their own specs; this one is about the
 * cart widget.
 */
export async function reserveAsThisGuest(
  page: Page,
  eventId: string,
  options: {
    quantity?: number;
    startsAfter?: string;
    codes?: string[];
    /** ticket types by name and how many of each (default: `quantity` of the first type) */
    lines?: ReadonlyArray<readonly [typeName: string, quantity: number]>;
    /** only a session selling every type at its own amount (no session prices, decision 0043) */
    atTypeAmounts?: boolean;
  } = {},
): Promise<CartBundle> {
  const quantity = options.lines
    ? options.lines.reduce((n, [, count]) => n + count, 0)
    : (options.quantity ?? 2);
  const { event, sessions } = await page.evaluate(
    async ({ eventPath, sessionsPath }) => {
      const read = async (path: string) => {
        const res = await fetch(path, { headers: { 'tix-app': 'ecomm' } });
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
        return res.json();
      };
      return { event: await read(eventPath), sessions: await read(sessionsPath) };
    },
    {
      eventPath: `/cached_api/events/${eventId}?${Q}&_embed=ticket_group,ticket_type`,
      sessionsPath: openSessionsPath(SELLER, eventId, { startsAfter: options.startsAfter }),
    },
  );
  const read = sessionsResponseSchema.parse(sessions);
  const types = (eventTemplateResponseSchema.parse(event).ticket_type?._data ?? []).filter(
    (t) => t.available,
  );
  const amountOf = new Map(types.map((t) => [t.id, t.currency_amount]));
  const ownPrices = new Set(
    (read.price_schedule?._data ?? [])
      .filter((p) => amountOf.has(p.ticket_type_id))
      .filter((p) => amountOf.get(p.ticket_type_id) !== p.currency_amount)
      .map((p) => p.event_session_id),
  );
  const open = read.event_session._data.filter(
    (s) => !options.atTypeAmounts || !ownPrices.has(s.id),
  );
  const need = { places: quantity, now: Date.now(), startsAfter: options.startsAfter };
  const session = sessionFor(open, need);
  if (!session) throw new Error(`no session of ${eventId} can hold ${quantity} places`);
  const required = (options.lines ?? [[types[0]?.name ?? '', quantity] as const]).map(
    ([name, count]) => {
      const type = types.find((t) => t.name === name);
      if (!type) throw new Error(`${eventId} offers no available ticket type ${name}`);
      return { ticket_type_id: type.id, quantity: count };
    },
  );
  return page.evaluate(
    async ({ body, q, key }) => {
      const res = await fetch(`/api/my/cart/modify?${q}`, {
        method: 'POST',
        headers: { 'tix-app': 'ecomm', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`reserve answered ${res.status}: ${await res.text()}`);
      const bundle = await res.json();
      const cart = bundle.cart._data[0];
      localStorage.setItem(
        key,
        JSON.stringify({
          cartId: cart.id,
          localExpiresAt: Date.now() + (cart.expires_in - 5) * 1000,
        }),
      );
      return bundle;
    },
    {
      q: Q,
      key: `admit:${SELLER}:cart`,
      body: {
        ...(options.codes ? { preReservePromoCodes: options.codes } : {}),
        add: [{ event_session_id: session.id, ticket_types_required: required }],
      },
    },
  );
}
