import { z } from 'zod';
import { decimalToMinor } from '../money';

/**
 * An event's `web.price_display` config (spec: shopping §3 "Event template" config:
 * primary_ticket_type, secondary_ticket_type, primary_prefix, secondary_prefix, message), and the
 * one rule of what a session's price reads when the event sets it (decision 0063). Pure and
 * shared: the storefront's session picker and ticket lists read it, and so can the server.
 */

/**
 * The seller's price display setting (spec: shopping §9 "Price display setting: all,
 * sessions_and_tickets or off; range prices hide it"; decision 0081): where prices show before
 * the ticket step. Not the event's `web.price_display` below, which says how a price reads.
 */
export const PRICE_DISPLAY_SETTINGS = ['all', 'sessions_and_tickets', 'off'] as const;
export type PriceDisplaySetting = (typeof PRICE_DISPLAY_SETTINGS)[number];

/**
 * Where a price may show: `summary`, an event as a whole (the listing card's "from" or its
 * `web.price_display` line); `sessions`, the dates and times (calendar days, date buttons, the
 * session picker's prices and note); `tickets`, the ticket step's price line and message (the
 * single-event panel, the seat selector). A ticket type's own price beside its quantity is not
 * a surface: it is the price of what the visitor picks, and always shows.
 */
export type PriceSurface = 'summary' | 'sessions' | 'tickets';

const SURFACES_SHOWN: Record<PriceDisplaySetting, readonly PriceSurface[]> = {
  all: ['summary', 'sessions', 'tickets'],
  sessions_and_tickets: ['sessions', 'tickets'],
  off: [],
};

/** Does the seller's setting show prices on this surface (decision 0081)? */
export function pricesShownOn(setting: PriceDisplaySetting, surface: PriceSurface): boolean {
  return SURFACES_SHOWN[setting].includes(surface);
}

/** A range price: a flexible amount between a minimum and a maximum (a donation, a gift card). */
export function isRangePrice(type: {
  currency_amount_min: string | null;
  currency_amount_max: string | null;
}): boolean {
  return type.currency_amount_min !== null || type.currency_amount_max !== null;
}

/** The config row's key. */
export const PRICE_DISPLAY_KEY = 'web.price_display';

const text = z.string().trim().min(1).nullish().catch(null);

export const priceDisplaySchema = z.object({
  /** the ticket type whose price a session shows, by id or by name ("Adult") */
  primary_ticket_type: text,
  /** a second type shown after it ("Child") */
  secondary_ticket_type: text,
  /** read before the primary price ("Adults") */
  primary_prefix: text,
  /** read before the secondary price ("Children") */
  secondary_prefix: text,
  /** a note shown with the prices ("Members go free") */
  message: text,
});
export type PriceDisplay = z.infer<typeof priceDisplaySchema>;

/** The config row's value as a setting; a missing or malformed row reads as no setting. */
export function parsePriceDisplay(value: unknown): PriceDisplay {
  const parsed = priceDisplaySchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/** The type a setting names: its id, else its name (case and spacing aside). */
export function findDisplayedType<T extends { id: string; name: string }>(
  types: readonly T[],
  named: string | null | undefined,
): T | undefined {
  if (!named) return undefined;
  const key = named.trim().toLowerCase();
  return types.find((type) => type.id === named) ?? types.find((t) => t.name.toLowerCase() === key);
}

/** One price a session shows under the setting: its prefix (null: none) and its amount. */
export interface DisplayedPrice<A> {
  prefix: string | null;
  amount: A;
}

/** A price as it reads after its prefix: "Adults $25.00", "From $12.00"; alone without one. */
export function prefixedPrice(prefix: string | null | undefined, money: string): string {
  return prefix ? `${prefix} ${money}` : money;
}

/**
 * The prices a session shows under `web.price_display`: the primary type's, then the secondary
 * type's, each with its prefix and at `priceOf` (the session's own price of the type, as shown;
 * undefined when the session does not sell it). Empty when the event names no primary type, or
 * the session sells neither: the caller then shows its default (the lowest price, "from").
 */
export function displayedPrices<T extends { id: string; name: string }, A>(
  display: PriceDisplay,
  types: readonly T[],
  priceOf: (type: T) => A | undefined,
): DisplayedPrice<A>[] {
  if (!display.primary_ticket_type) return [];
  const wanted = [
    [display.primary_ticket_type, display.primary_prefix],
    [display.secondary_ticket_type, display.secondary_prefix],
  ] as const;
  const shown: DisplayedPrice<A>[] = [];
  for (const [named, prefix] of wanted) {
    const type = findDisplayedType(types, named);
    const amount = type ? priceOf(type) : undefined;
    if (amount !== undefined) shown.push({ prefix: prefix ?? null, amount });
  }
  return shown;
}

/**
 * A ticket type's discounted price (spec: shopping §3 ticket type `discounted_amount`) against
 * `regular`, the price it would otherwise show (its session's price, wire decimals): the
 * discounted amount when it is lower, shown with `regular` struck through (decision 0063);
 * null when there is no discount to show.
 */
export function discountedPrice(
  type: { discounted_amount?: string | null },
  regular: string,
): string | null {
  const discounted = type.discounted_amount;
  if (discounted == null) return null;
  return decimalToMinor(discounted) < decimalToMinor(regular) ? discounted : null;
}

/** What a ticket of this type costs against `regular`: its discounted amount, when lower. */
export function priceToPay(type: { discounted_amount?: string | null }, regular: string): string {
  return discountedPrice(type, regular) ?? regular;
}
