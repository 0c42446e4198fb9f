import type { PriceDisplay } from '@admit/contracts/rules/price-display';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';

/**
 * What the single-event form asks of the seat selector it is given (shopping §2 "Seat map",
 * §4 "Seat selector"). The selector is another feature's (features/seats), plugged in by the
 * app shell (app/routes/composed-single-event.tsx), so the form knows only this shape.
 */

/** One seated ticket for cart modify (decision 0052): a type and the seat it is sold with. */
export interface SeatedTicket {
  ticket_type_id: string;
  seat_template_id: string;
}

/** The selector's state as the form needs it for validation and submit. */
export interface SeatSelectionReport {
  tickets: readonly SeatedTicket[];
  /** every seated group with tickets chosen has its full seat set, confirmed (shopping §5) */
  ready: boolean;
}

/** A lost seat race (decision 0052): the seats another buyer held first. */
export interface SeatsTaken {
  seatTemplateIds: readonly string[];
  seats: readonly string[];
}

export interface SeatSelectorSlotProps {
  eventId: string;
  sessionId: string;
  groups: readonly TicketGroupWithTypes[];
  /** ticket_type_id → chosen quantity */
  quantities: Readonly<Record<string, number>>;
  /** the id of the control focused when seats block the submit (Find Seats or Change) */
  controlId: string;
  /** a submit was refused for seats: show the §5 message beside the control */
  showIssue: boolean;
  onReport: (report: SeatSelectionReport) => void;
  /** spec: shopping §8 — "A seat-map load failure goes to a general handler" */
  onLoadError: () => void;
  /** set after a lost race: drop those seats, reload the map and reopen the selector */
  taken: SeatsTaken | null;
  /** the event's `web.price_display` (shopping §3): the open map shows its line (decision 0075) */
  priceDisplay?: PriceDisplay;
}
