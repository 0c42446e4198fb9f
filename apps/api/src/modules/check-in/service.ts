import { normalizeScanCode } from '@admit/contracts/rules/scan-code';
import type {
  CheckInBody,
  CheckInRefusal,
  CheckInResult,
  SellerMember,
  SellerTicket,
} from '@admit/contracts/seller-api';
import { admitsByTicketCode, notAnAdmissionReason } from '@admit/contracts/rules/admission';
import type { Db } from '@/db/connection';
import { withRetryingTransaction } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import type { ApiKeyRef, SellerRef } from '@/http/request-context';
import { localDate } from '@/lib/zoned-time';
import { hasActiveMembership } from '@/modules/memberships/active';
import {
  ticketsOfOrderScanCode,
  ticketsWithScanCode,
  type SellerTicketRow,
} from '@/modules/seller-orders/repo';
import { toSellerTicket } from '@/modules/seller-orders/service';
import { doorFit, type Door } from './door-fit';
import { admitMemberOnDay, latestTermOfMemberCode, redeemBooked, venueZoneOfSession } from './repo';

/**
 * Check-in at the door (issue #16; decision 0042). A scanned code is a ticket's own code, an
 * order's code (its tickets for this door), or a member ID. A ticket becomes `redeemed` once:
 * the decision below is made on a read, but only the conditional UPDATE of `redeemBooked`
 * decides who wins, and a scan that lost is told why from a second read. Only admissions open
 * the door (issue 22, contracts rules/admission.ts): a donation's, a gift card's or a
 * membership purchase's code is refused; a member ID admits once a day.
 */

/**
 * Test-only switch (the concurrency test's CONTROL swaps in a naive write without the state
 * condition): how the chosen tickets are redeemed — one conditional UPDATE in a short
 * transaction.
 */
export const checkInSeams = {
  redeem: (db: Db, ids: string[], apiKeyId: string, now: Date) =>
    withRetryingTransaction(db, (tx) => redeemBooked(tx, ids, apiKeyId, now)),
};

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

function refusal(
  code: CheckInRefusal,
  scanned: string,
  extra: RefusalExtra = {},
  description = DESCRIPTIONS[code],
) {
  const at = extra.redeemed_at ? ` at ${extra.redeemed_at}` : '';
  return new AppError(code, 'check_in', `${description}${at}`, { code: scanned, ...extra });
}

/** The refusal of a code that names no admission, with the rule's reason for its first ticket. */
function notAnAdmission(row: SellerTicketRow, scanned: string): AppError {
  const gift = row.gifteeIdentityId !== null;
  return refusal(
    'not_an_admission',
    scanned,
    { ticket: toSellerTicket(row), handler: row.handler, gift },
    notAnAdmissionReason(row.handler, { gift }),
  );
}

type Found =
  | { kind: 'tickets'; rows: SellerTicketRow[] }
  | { kind: 'member'; term: NonNullable<Awaited<ReturnType<typeof latestTermOfMemberCode>>> };

/** What a code names for this seller: a ticket, an order's tickets, or a member; else null. */
export async function lookUpCode(db: Db, sellerId: string, raw: string): Promise<Found | null> {
  const code = normalizeScanCode(raw);
  if (!code) return null;
  // ticket and order codes are upper-case hex; a scanner or a person may give lower case
  const upper = code.toUpperCase();
  let rows = await ticketsWithScanCode(db, sellerId, upper);
  if (rows.length === 0) rows = await ticketsOfOrderScanCode(db, sellerId, upper);
  if (rows.length > 0) return { kind: 'tickets', rows };
  const term = await latestTermOfMemberCode(db, sellerId, code);
  return term ? { kind: 'member', term } : null;
}

const memberOf = (term: Extract<Found, { kind: 'member' }>['term']): SellerMember => ({
  member_code: term.memberCode,
  name: [term.firstName, term.lastName].filter(Boolean).join(' ') || null,
  level: term.role,
  valid_from: term.validFrom.toISOString(),
  valid_to: term.validTo.toISOString(),
});

const fitOf = (row: SellerTicketRow, door: Door, now: Date) =>
  doorFit({ ...row, timezone: row.venueTimezone || row.sellerTimezone }, door, now);

/**
 * Why none of `rows` can be admitted at this door now, as the refusal to throw: all cancelled,
 * none for this door, or those for this door already redeemed.
 */
function whyNot(rows: SellerTicketRow[], door: Door, now: Date, scanned: string): AppError {
  const live = rows.filter((r) => LIVE.has(r.state));
  if (live.length === 0)
    return refusal('ticket_cancelled', scanned, { ticket: toSellerTicket(rows[0]!) });
  const fitting = live.filter((r) => fitOf(r, door, now) === 'fits');
  if (fitting.length === 0) {
    const first = live[0]!;
    return refusal(fitOf(first, door, now) as CheckInRefusal, scanned, {
      ticket: toSellerTicket(first),
    });
  }
  const redeemed = fitting[0]!;
  return refusal('already_redeemed', scanned, {
    ticket: toSellerTicket(redeemed),
    redeemed_at: redeemed.redeemedAt?.toISOString(),
  });
}

/**
 * A member ID at the door: a current membership admits its member once a day, the day read in
 * the zone of the door's venue (the session it names), else the seller's; nothing is redeemed.
 * The second scan of the day is `already_redeemed` with the time of the first.
 */
async function admitMember(
  db: Db,
  input: CheckInInput,
  term: Extract<Found, { kind: 'member' }>['term'],
): Promise<CheckInResult> {
  const { seller, apiKey, body, now } = input;
  const membership = memberOf(term);
  // the one rule of a current membership (memberships/active.ts), for the code's holder
  if (!(await hasActiveMembership(db, term.identityId, now))) {
    throw refusal('membership_expired', body.code, { membership });
  }
  const venueZone = body.event_session_id
    ? await venueZoneOfSession(db, seller.id, body.event_session_id)
    : null;
  const day = localDate(now, venueZone ?? seller.timezone);
  const entry = await admitMemberOnDay(db, {
    sellerId: seller.id,
    memberCode: term.memberCode,
    day,
    now,
    apiKeyId: apiKey.id,
  });
  if (!entry.admitted) {
    const redeemed_at = entry.checkedInAt.toISOString();
    const description = 'This member has already been admitted today';
    throw refusal('already_redeemed', body.code, { membership, redeemed_at }, description);
  }
  return { _code: 'member_valid', membership };
}

export interface CheckInInput {
  seller: SellerRef;
  apiKey: ApiKeyRef;
  body: CheckInBody;
  now: Date;
}

/** POST /admin/api/check_in: admits what the code names at this door, or says why not. */
export async function checkIn(db: Db, input: CheckInInput): Promise<CheckInResult[]> {
  const { seller, apiKey, body, now } = input;
  const door: Door = { eventSessionId: body.event_session_id, date: body.date };
  const found = await lookUpCode(db, seller.id, body.code);
  if (!found) throw refusal('unknown_code', body.code);
  if (found.kind === 'member') return [await admitMember(db, input, found.term)];
  // only admissions open the door: an order's code admits its tickets, never its donation
  const admissions = found.rows.filter((r) => admitsByTicketCode(r.handler));
  if (admissions.length === 0) throw notAnAdmission(found.rows[0]!, body.code);
  const chosen = admissions.filter((r) => r.state === 'booked' && fitOf(r, door, now) === 'fits');
  if (chosen.length === 0) throw whyNot(admissions, door, now, body.code);
  const won = new Set(
    (
      await checkInSeams.redeem(
        db,
        chosen.map((r) => r.id),
        apiKey.id,
        now,
      )
    ).map((r) => r.id),
  );
  if (won.size === 0) {
    // another scan (or a cancel) took them first: say why from what is stored now
    const again = await lookUpCode(db, seller.id, body.code);
    const rows = again?.kind === 'tickets' ? again.rows : found.rows;
    throw whyNot(
      rows.filter((r) => admitsByTicketCode(r.handler)),
      door,
      now,
      body.code,
    );
  }
  return chosen
    .filter((r) => won.has(r.id))
    .map((r) => ({
      _code: 'admitted' as const,
      ticket: toSellerTicket({ ...r, state: 'redeemed', redeemedAt: now }),
    }));
}
