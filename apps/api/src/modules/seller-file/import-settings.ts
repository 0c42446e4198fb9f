import type { FileSettings } from '@admit/contracts/seller-file/settings';

/**
 * A file's settings as the stored seller config (the reverse of export-settings.ts): event and
 * group keys become ids, picture paths image addresses; the stored secrets (`private`) stay,
 * since a file never holds them.
 */
export function storedConfigOf(
  settings: FileSettings,
  refs: {
    eventId: (key: string) => string;
    groupId: (path: string) => string;
    imageAddress: (path: string) => string;
    storedPrivate: unknown;
  },
): Record<string, unknown> {
  const { anchor_events, admission_event, membership, checkout, theme, ...rest } = settings;
  const config: Record<string, unknown> = { ...rest };
  if (theme) {
    config.theme = {
      ...theme,
      ...(typeof theme.logo_url === 'string'
        ? { logo_url: refs.imageAddress(theme.logo_url) }
        : {}),
      ...(typeof theme.favicon_url === 'string'
        ? { favicon_url: refs.imageAddress(theme.favicon_url) }
        : {}),
    };
  }
  if (anchor_events) config.anchor_events = anchor_events.map(refs.eventId);
  if (admission_event !== undefined) {
    config.admission_event_id = admission_event === null ? null : refs.eventId(admission_event);
  }
  if (membership) {
    config.membership = {
      presell: membership.presell,
      event_id: membership.event === null ? null : refs.eventId(membership.event),
      external_url: membership.external_url,
    };
  }
  if (checkout) {
    const { donation_group, ...checkoutRest } = checkout;
    config.checkout = {
      ...checkoutRest,
      ...(donation_group !== undefined
        ? { donation_group_id: donation_group === null ? null : refs.groupId(donation_group) }
        : {}),
    };
  }
  if (refs.storedPrivate !== undefined) config.private = refs.storedPrivate;
  return config;
}
