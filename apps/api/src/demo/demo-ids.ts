import { createHash } from 'node:crypto';

/**
 * Deterministic UUIDs for demo rows, derived from a readable key ("demo-museum/event/admission").
 * Re-seeding yields the same ids, so links such as `/events/{id}` and the seller config's
 * `anchor_events` stay stable across machines. Formatted as a version-5 style UUID so
 * `z.string().uuid()` accepts it.
 */
export function demoId(key: string): string {
  const hex = createHash('sha256').update(`admit-demo:${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** The id of a demo event template, e.g. for a seller config's `anchor_events`. */
export const demoEventId = (sellerSlug: string, eventKey: string) =>
  demoId(`${sellerSlug}/event/${eventKey}`);

/** The id of a demo ticket group (write-seller.ts derives it the same way). */
export const demoGroupId = (slug: string, eventKey: string, groupKey: string) =>
  demoId(`${demoEventId(slug, eventKey)}/group/${groupKey}`);

/** The id of a demo ticket type, e.g. `demoTypeId('demo-museum', 'membership', 'levels', 'family')`. */
export const demoTypeId = (slug: string, eventKey: string, groupKey: string, typeKey: string) =>
  demoId(`${demoGroupId(slug, eventKey, groupKey)}/type/${typeKey}`);
