import { useCallback } from 'react';
import { ticketDateTimeOf } from '@admit/contracts/session-time';
import { eventImageOf, type EventImage } from '@/api/events/event-image';
import { useSellerConfig } from '@/config/seller-config';
import { useEventTemplates } from '@/features/account/api/get-event-templates';

export interface EventFacts {
  image: EventImage | null;
  /** the venue's zone, else the seller's: where the visit's date and time read (decision 0029) */
  timeZone: string;
  /** the event's meta `ticket_date_time`: how its visits read (shopping §3); null: the default */
  ticketDateTime: string | null;
}

/** The image, time zone and ticket_date_time of each event the page shows, from one cached read of them all. */
export function useEventFacts(eventIds: string[]): (eventId: string) => EventFacts {
  const { timezone } = useSellerConfig();
  const { data } = useEventTemplates(eventIds);
  return useCallback(
    (eventId: string) => {
      const event = data?.event_template._data.find((e) => e.id === eventId);
      const venue = data?.venue?._data.find((v) => v.id === event?.venue_id);
      return {
        image: data ? eventImageOf(data.meta?._data ?? [], eventId) : null,
        timeZone: venue?.timezone || timezone,
        ticketDateTime: ticketDateTimeOf(data?.meta?._data ?? [], eventId),
      };
    },
    [data, timezone],
  );
}
