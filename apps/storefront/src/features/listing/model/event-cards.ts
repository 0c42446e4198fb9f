import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';

/** What one listing card shows, joined from the sibling collections of events/available. */
export interface EventCard {
  id: string;
  name: string;
  subtitle: string | null;
  summary: string | null;
  category: string | null;
  image: { src: string; alt: string } | null;
  /** the lowest ticket price as shown (decision 0048) as a decimal string, null when the event has no ticket types */
  fromPrice: string | null;
}

function metaByTemplate(body: EventTemplateResponse): Map<string, Map<string, unknown>> {
  const byTemplate = new Map<string, Map<string, unknown>>();
  for (const row of body.meta?._data ?? []) {
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

/** The lowest shown price per template; available types win over sold-out ones when any exist. */
function lowestPriceByTemplate(
  body: EventTemplateResponse,
  shownMinor: ShownMinor,
): Map<string, string> {
  const templateOfGroup = new Map(
    (body.ticket_group?._data ?? []).map((group) => [group.id, group.event_template_id]),
  );
  const best = new Map<string, { amount: number; available: boolean }>();
  for (const type of body.ticket_type?._data ?? []) {
    const templateId = templateOfGroup.get(type.ticket_group_id);
    if (!templateId) continue;
    const amount = shownMinor(type.currency_amount_min ?? type.currency_amount, type);
    const current = best.get(templateId);
    const better =
      !current ||
      (type.available && !current.available) ||
      (type.available === current.available && amount < current.amount);
    if (better) best.set(templateId, { amount, available: type.available });
  }
  return new Map([...best].map(([templateId, { amount }]) => [templateId, minorToDecimal(amount)]));
}

export function toEventCards(
  body: EventTemplateResponse,
  shownMinor: ShownMinor = faceValue,
): EventCard[] {
  const meta = metaByTemplate(body);
  const prices = lowestPriceByTemplate(body, shownMinor);
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
