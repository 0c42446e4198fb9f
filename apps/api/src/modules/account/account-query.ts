import { sql } from 'drizzle-orm';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import type { ParsedQuery } from '@/http/query-grammar';
import { filterConditions, inList } from '@/http/query-sql';
import { toTicket } from '@/modules/catalog/mappers';
import { ticketScanCode } from '@/modules/orders/codes';
import type { OrderRow, TicketRow } from '@/db/schema/cart';

/** What the account's two lists share: the ticket filter, a ticket with its scan code. */

export const ticketRelation = {
  fields: {
    state: { sql: sql`"ticket"."state"`, type: 'text' as const },
    ticket_type_id: { sql: sql`"ticket"."ticket_type_id"`, type: 'uuid' as const },
  },
};

/** The ticket filters asked for; none asked: the account lists' own (identity §4). */
export function ticketFilters(query: ParsedQuery) {
  const asked = query.relations.get('ticket');
  if (asked?.length) return filterConditions(asked);
  return [inList(sql`"ticket"."state"`, 'text', [...ACCOUNT_TICKET_STATES])];
}

export const scanned = (order: OrderRow | undefined, t: TicketRow) => ({
  ...toTicket(t),
  scan_code: order?.scanCode ? ticketScanCode(order.scanCode, t.id) : null,
});

export const distinct = (values: (string | null)[]) => [
  ...new Set(values.filter((v): v is string => !!v)),
];
