import type { CheckInRefusal, SellerMember, SellerTicket } from '@admit/contracts/seller-api';
import { notAnAdmissionReason } from '@admit/contracts/rules/admission';
import { AppError } from '@/http/app-error';
import type { SellerTicketRow } from '@/modules/seller-orders/repo';
import { toSellerTicket } from '@/modules/seller-orders/service';
import { doorFit, type Door } from './door-fit';

/**
 * Why a scan does not admit (decision 0042), as the error the door is answered. A refusal of
 * tickets also names the tickets it is about, so the scan is kept in their history (0107).
 */

const LIVE = new Set(['booked', 'redeemed']);

const DESCRIPTIONS: Record<CheckInRefusal, string> = {
  unknown_code: 'No ticket, order or member has this code',
  already_redeemed: 'This ticket has already been redeemed',
  ticket_cancelled: 'This ticket has been cancelled',
  wrong_session: 'This ticket is for another session',
  wrong_date: 'This ticket is for another day',
  membership_expired: 'This membership is not current',
  not_an_admission: 'This purchase is not an admission',
};

interface RefusalExtra {
  ticket?: SellerTicket;
  redeemed_at?: string;
  membership?: SellerMember;
  handler?: string;
  gift?: boolean;
}

export function refusal(
  code: CheckInRefusal,
  scanned: string,
  extra: RefusalExtra = {},
  description = DESCRIPTIONS[code],
) {
  const at = extra.redeemed_at ? ` at ${extra.redeemed_at}` : '';
  return new AppError(code, 'check_in', `${description}${at}`, { code: scanned, ...extra });
}

/** A refused scan of known tickets: the answer, its `_code`, and the tickets it is about. */
export interface TicketRefusal {
  code: CheckInRefusal;
  error: AppError;
  ticketIds: string[];
}

const aboutTickets = (
  code: CheckInRefusal,
  rows: SellerTicketRow[],
  error: AppError,
): TicketRefusal => ({ code, error, ticketIds: rows.map((r) => r.id) });

/** The refusal of a code that names no admission, with the rule's reason for its first ticket. */
export function notAnAdmission(rows: SellerTicketRow[], scanned: string): TicketRefusal {
  const row = rows[0]!;
  const gift = row.gifteeIdentityId !== null;
  const error = refusal(
    'not_an_admission',
    scanned,
    { ticket: toSellerTicket(row), handler: row.handler, gift },
    notAnAdmissionReason(row.handler, { gift }),
  );
  return aboutTickets('not_an_admission', rows, error);
}

export const fitOf = (row: SellerTicketRow, door: Door, now: Date) =>
  doorFit({ ...row, timezone: row.venueTimezone || row.sellerTimezone }, door, now);

/**
 * Why none of `rows` can be admitted at this door now: all cancelled, none for this door, or
 * those for this door already redeemed. The refusal is about those tickets: all of them, the
 * live ones, or the redeemed ones for this door.
 */
export function whyNot(rows: SellerTicketRow[], door: Door, now: Date, scanned: string) {
  const live = rows.filter((r) => LIVE.has(r.state));
  if (live.length === 0) {
    const error = refusal('ticket_cancelled', scanned, { ticket: toSellerTicket(rows[0]!) });
    return aboutTickets('ticket_cancelled', rows, error);
  }
  const fitting = live.filter((r) => fitOf(r, door, now) === 'fits');
  if (fitting.length === 0) {
    const first = live[0]!;
    const code = fitOf(first, door, now) as CheckInRefusal;
    return aboutTickets(code, live, refusal(code, scanned, { ticket: toSellerTicket(first) }));
  }
  const redeemed = fitting[0]!;
  const error = refusal('already_redeemed', scanned, {
    ticket: toSellerTicket(redeemed),
    redeemed_at: redeemed.redeemedAt?.toISOString(),
  });
  return aboutTickets('already_redeemed', fitting, error);
}
