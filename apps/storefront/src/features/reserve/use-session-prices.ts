import { useMemo } from 'react';
import type { PricedSession, PriceSchedule } from '@admit/contracts/availability';
import { minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { priceDisplayOf, type EventDetail } from '@/api/events/event-detail';
import { useDisplayedPriceLabel, useShownPriceMinor } from '@/config/use-shown-price';
import { shownSchedule, withShownPrices } from '@/features/reserve/model/shown-session-prices';

/**
 * The session picker's prices (shopping §2 "Session picker with optional prices"): the sessions
 * at their shown prices (decision 0048), and what each session's price reads — the event's
 * `web.price_display` types with their prefixes when it sets them (decision 0063), else null for
 * the picker's lowest price ("from"), and the setting's message.
 */
export function useSessionPrices(
  event: Pick<EventDetail, 'config'>,
  sessions: readonly PricedSession[],
  schedule: readonly PriceSchedule[] | undefined,
  types: readonly TicketType[],
) {
  const shownMinor = useShownPriceMinor();
  const displayedLabel = useDisplayedPriceLabel();
  const display = useMemo(() => priceDisplayOf(event), [event]);
  const bySession = shownSchedule(schedule, types, shownMinor);
  const priceLabelOf = (session: PricedSession) =>
    displayedLabel(display, types, (type) => {
      const quoted = bySession.get(session.id);
      // a session without rows sells every type at its own amount (decision 0043)
      const minor = quoted ? quoted.get(type.id) : shownMinor(type.currency_amount, type);
      return minor === undefined ? undefined : minorToDecimal(minor);
    });
  return {
    sessions: withShownPrices(sessions, schedule, types, shownMinor),
    priceLabelOf,
    /** the setting's `message`, shown with the session prices */
    priceNote: display.message ?? null,
    /** the setting itself, for the seat selector's line (decision 0075) */
    priceDisplay: display,
  };
}
