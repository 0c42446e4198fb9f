import type { Meta } from '@admit/contracts/resources';

/** An event's picture as its meta rows give it. */
export interface EventImage {
  url: string;
  alt: string;
}

function metaValue(meta: readonly Meta[], resourceId: string, key: string): string | null {
  const row = meta.find((m) => m.resource_id === resourceId && m.key === key);
  return typeof row?.value === 'string' && row.value !== '' ? row.value : null;
}

/**
 * The small picture of an event (the cart item's and the account area's rows): its profile
 * image, else its cover, with the matching alternative text (shopping §3 "Cart item" image).
 */
export function eventImageOf(meta: readonly Meta[], eventId: string): EventImage | null {
  const url = metaValue(meta, eventId, 'image_profile') ?? metaValue(meta, eventId, 'image_cover');
  if (!url) return null;
  const alt =
    metaValue(meta, eventId, 'image_profile_alt') ??
    metaValue(meta, eventId, 'image_cover_alt') ??
    '';
  return { url, alt };
}
