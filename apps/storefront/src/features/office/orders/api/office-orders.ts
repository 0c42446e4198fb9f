import { queryOptions } from '@tanstack/react-query';
import type {
  OfficeMoveBody,
  OfficeOrderMoveResponse,
  OfficeEventsResponse,
  OfficeOrderResponse,
  OfficeOrderSearchResponse,
} from '@admit/contracts/office-orders';
import { officeRequest } from '@/features/office/api/office-request';

/** The box office's order reads and actions (decision 0087): `/api/office/ticket_order…`. */

export type OrderSearch = Partial<
  Record<'order_number' | 'email' | 'name' | 'card_last4' | 'date' | 'event_template_id', string>
> & {
  _offset?: number;
};

export const orderSearchQuery = (search: OrderSearch) =>
  queryOptions({
    queryKey: ['office', 'ticket_order', 'search', search] as const,
    queryFn: ({ signal }) =>
      officeRequest<OfficeOrderSearchResponse>('ticket_order', { query: search, signal }),
  });

/** GET /api/office/event_template: every event of the seller, for the search's picker. */
export const officeEventsQuery = () =>
  queryOptions({
    queryKey: ['office', 'event_template'] as const,
    queryFn: ({ signal }) => officeRequest<OfficeEventsResponse>('event_template', { signal }),
    staleTime: 60_000,
  });

export const officeOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['office', 'ticket_order', orderId] as const,
    queryFn: ({ signal }) =>
      officeRequest<OfficeOrderResponse>(`ticket_order/${orderId}`, { signal }),
  });

export type OrderAction =
  | { kind: 'resend'; reason: string }
  | { kind: 'note'; note: string }
  | { kind: 'cancel'; tickets: string[]; reason: string }
  | { kind: 'reissue_code'; ticket_id: string; reason: string };

/** POST …/{action}: answers the order as it now is. */
export function runOrderAction(orderId: string, action: OrderAction) {
  const { kind, ...body } = action;
  return officeRequest<OfficeOrderResponse>(`ticket_order/${orderId}/${kind}`, {
    method: 'POST',
    body,
  });
}

/** POST …/move: the tickets moved to another session, or with `dry_run` only the effect shown. */
export function moveOrderTickets(orderId: string, body: OfficeMoveBody) {
  return officeRequest<OfficeOrderMoveResponse>(`ticket_order/${orderId}/move`, {
    method: 'POST',
    body,
  });
}
