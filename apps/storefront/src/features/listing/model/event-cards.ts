import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { grantsEntry } from '@admit/contracts/rules/admission';
import {
  PRICE_DISPLAY_KEY,
  isRangePrice,
  parsePriceDisplay,
  type PriceDisplay,
} from '@admit/contracts/rules/price-display';

/** What one listing card shows, joined from the sibling collections of events/available. */
export interface EventCard {
  id: string;
  name: string;
  subtitle: string | null;
  summary: string | null;
  category: string | null;
  image: { src: string; alt: string } | null;
  /**
   * the lowest price a visitor can be charged for a ticket, as shown (decisions 0043, 0048;
   * issue 22) as a decimal string, null when the event has no ticket types
   */
  fromPrice: string | null;
  /** the event's `web.price_display` (shopping §3): set, the card reads by it (decision 0075) */
  priceDisplay: PriceDisplay;
  /** the event's types on sale, for the setting's line (each at `leastAmount`) */
  types: TicketType[];
}

/** The least a ticket of a type can be charged before fees (decision 0043, issue 22). */
export const leastAmount = (type: TicketType): string =>
  type.currency_amount_from ?? type.currency_amount_min ?? type.currency_amount;

type Rows = EventTemplateResponse['meta'] | EventTemplateResponse['config'];

function rowsByTemplate(rows: Rows): Map<string, Map<string, unknown>> {
  const byTemplate = new Map<string, Map<string, unknown>>();
  for (const row of rows?._data ?? []) {
    if (row.resource !== 'event_template') continue;
    const meta = byTemplate.get(row.resource_id) ?? new Map<string, unknown>();
    meta.set(row.key, row.value);
    byTemplate.set(row.resource_id, meta);
  }
  return byTemplate;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A ticket's price as shown (decision 0048 all-in prices), in minor units. */
export type ShownMinor = (amount: string, type: TicketType) => number;
const faceValue: ShownMinor = (amount) => decimalToMinor(amount);

/** How a type competes for its event's "from": admissions first, then what is on sale. */
interface Candidate {
  admission: boolean;
  available: boolean;
  amount: number;
}

const beats = (a: Candidate, b: Candidate) =>
  a.admission !== b.admission
    ? a.admission
    : a.available !== b.available
      ? a.available
      : a.amount < b.amount;

/**
 * The lowest shown price per template (issue 22): over the types at the least a ticket of each
 * can be charged — `currency_amount_from`, the API's lowest price among the event's sessions on
 * sale (decision 0043) — each all in by `shownMinor`, so a type whose fees are smaller can be
 * the minimum. A range price (a flexible amount) never stands for its event (shopping §9 "range
 * prices hide it"; decision 0081). Admission types win over the rest (a donation beside an admission is not its
 * "from"; an event of gift cards alone still has one), available types over sold-out ones.
 */
function lowestPriceByTemplate(
  body: EventTemplateResponse,
  shownMinor: ShownMinor,
): Map<string, string> {
  const groups = new Map((body.ticket_group?._data ?? []).map((group) => [group.id, group]));
  const best = new Map<string, Candidate>();
  for (const type of body.ticket_type?._data ?? []) {
    const group = groups.get(type.ticket_group_id);
    // shopping §9 "range prices hide it" (decision 0081): a flexible amount is no event's "from"
    if (!group || isRangePrice(type)) continue;
    const candidate = {
      admission: grantsEntry(group.handler),
      available: type.available,
      amount: shownMinor(leastAmount(type), type),
    };
    const current = best.get(group.event_template_id);
    if (!current || beats(candidate, current)) best.set(group.event_template_id, candidate);
  }
  return new Map([...best].map(([templateId, { amount }]) => [templateId, minorToDecimal(amount)]));
}

export function toEventCards(
  body: EventTemplateResponse,
  shownMinor: ShownMinor = faceValue,
): EventCard[] {
  const meta = rowsByTemplate(body.meta);
  const config = rowsByTemplate(body.config);
  const prices = lowestPriceByTemplate(body, shownMinor);
  const templateOf = new Map(
    (body.ticket_group?._data ?? []).map((group) => [group.id, group.event_template_id]),
  );
  const onSale = (body.ticket_type?._data ?? []).filter((type) => type.available);
  return body.event_template._data.map((template) => {
    const own = meta.get(template.id);
    // the profile image is the teaser; events without one fall back to their cover
    const profile = text(own?.get('image_profile'));
    const cover = text(own?.get('image_cover'));
    const src = profile ?? cover;
    const alt = text(own?.get(profile ? 'image_profile_alt' : 'image_cover_alt')) ?? '';
    return {
      id: template.id,
      name: template.name,
      subtitle: template.subtitle,
      summary: template.summary,
      category: template.category,
      image: src ? { src, alt } : null,
      fromPrice: prices.get(template.id) ?? null,
      priceDisplay: parsePriceDisplay(config.get(template.id)?.get(PRICE_DISPLAY_KEY)),
      types: onSale.filter((type) => templateOf.get(type.ticket_group_id) === template.id),
    };
  });
}

/** Categories in the order the seller ranks their events, each once. */
export function categoriesOf(body: EventTemplateResponse): string[] {
  const seen = new Set<string>();
  for (const template of body.event_template._data) {
    if (template.category) seen.add(template.category);
  }
  return [...seen];
}
