import type { OfficeOrder, OfficeTicketScan } from '@admit/contracts/office-orders';

/** The office orders pages' test data: one order as `GET /api/office/ticket_order/{id}` answers. */

export const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';
export const CHILD = '00000000-0000-4000-8000-0000000000c1';
export const ADULT = '00000000-0000-4000-8000-0000000000a1';
/** A ticket of the order, booked and not scanned unless told. */
export const officeTicketOf = (id: string, type: string, price: number) => ({
  id,
  state: 'booked',
  event_template_id: '00000000-0000-4000-8000-0000000000e1',
  event_name: 'General Admission',
  ticket_type_name: type,
  event_session_id: '00000000-0000-4000-8000-0000000000f1',
  // 16:00 in New York (the test seller's zone), whatever the machine's zone
  session_start: '2029-06-10T20:00:00.000Z',
  admit_name: null,
  price,
  redeemed_at: null,
  redeemed_by: null,
  scans: [] as OfficeTicketScan[],
});
/** Order R6HBQ68U: a child and an adult ticket paid by card, `refunded` of it given back. */
export const officeOrderOf = (refunded: number, childState = 'booked'): OfficeOrder => ({
  id: ORDER_ID,
  order_number: 'R6HBQ68U',
  email: 'ora@example.test',
  name: 'Ora Office',
  created_at: '2029-06-01T14:00:00.000Z',
  currency: 'USD',
  total: 4429,
  live_tickets: childState === 'booked' ? 2 : 1,
  tickets: 2,
  paid: 4429,
  refunded,
  tickets_detail: [
    { ...officeTicketOf(CHILD, 'Child', 1507), state: childState },
    officeTicketOf(ADULT, 'Adult', 2922),
  ],
  payments: [
    {
      id: '00000000-0000-4000-8000-0000000000p1',
      gateway: 'stripe',
      state: 'succeeded',
      amount: 4429,
      card_last4: '4242',
      created_at: '2029-06-01T14:00:00.000Z',
    },
  ],
  refunds: [],
  mails: [],
  history: [],
});

export const collection = <T>(data: T[]) => ({
  _count: data.length,
  _total: data.length,
  _data: data,
});
