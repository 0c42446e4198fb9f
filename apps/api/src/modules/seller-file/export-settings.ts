import type { SellerFile } from '@admit/contracts/seller-file/seller-file';

/** The stored config as file settings: ids as keys, image addresses as paths, no secrets. */
export function settingsOf(
  stored: Record<string, unknown>,
  {
    path,
    fileImage,
  }: {
    path: (kind: string, id: string | null) => string | undefined;
    fileImage: (a: unknown) => string;
  },
): NonNullable<SellerFile['seller']['settings']> {
  const {
    private: _private,
    anchor_events: anchors,
    admission_event_id: admission,
    membership,
    checkout,
    theme,
    ...rest
  } = stored;
  const out: Record<string, unknown> = { ...rest };
  if (theme && typeof theme === 'object') {
    const t = theme as Record<string, unknown>;
    out.theme = {
      ...t,
      ...(typeof t.logo_url === 'string' ? { logo_url: fileImage(t.logo_url) } : {}),
      ...(typeof t.favicon_url === 'string' ? { favicon_url: fileImage(t.favicon_url) } : {}),
    };
  }
  if (Array.isArray(anchors))
    out.anchor_events = anchors.map((id: string) => path('event_template', id) ?? id);
  if (admission !== undefined) {
    out.admission_event = admission === null ? null : path('event_template', admission as string);
  }
  if (membership && typeof membership === 'object') {
    const m = membership as {
      presell: boolean;
      event_id: string | null;
      external_url: string | null;
    };
    out.membership = {
      presell: m.presell,
      event: m.event_id === null ? null : path('event_template', m.event_id),
      external_url: m.external_url,
    };
  }
  if (checkout && typeof checkout === 'object') {
    const { donation_group_id: donation, ...c } = checkout as Record<string, unknown>;
    out.checkout = {
      ...c,
      ...(donation !== undefined
        ? { donation_group: donation === null ? null : path('ticket_group', donation as string) }
        : {}),
    };
  }
  return out as NonNullable<SellerFile['seller']['settings']>;
}
