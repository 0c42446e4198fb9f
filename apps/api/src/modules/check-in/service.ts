import type { FastifyBaseLogger } from 'fastify';
import { normalizeScanCode } from '@admit/contracts/rules/scan-code';
import type {
  CheckInBody,
  CheckInResult,
  SellerMember,
  TicketScanResult,
} from '@admit/contracts/seller-api';
import { admitsByTicketCode } from '@admit/contracts/rules/admission';
import type { Db } from '@/db/connection';
import type { NewTicketScan } from '@/db/schema/ticket-scans';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import type { AppError } from '@/http/app-error';
import type { ApiKeyRef, SellerRef } from '@/http/request-context';
import { localDate } from '@/lib/zoned-time';
import { hasActiveMembership } from '@/modules/memberships/active';
import {
  ticketsOfOrderScanCode,
  ticketsWithScanCode,
  type SellerTicketRow,
} from '@/modules/seller-orders/repo';
import { toSellerTicket } from '@/modules/seller-orders/service';
import type { Door } from './door-fit';
import { fitOf, notAnAdmission, refusal, whyNot, type TicketRefusal } from './refusals';
import {
  admitMemberOnDay,
  insertTicketScans,
  latestTermOfMemberCode,
  redeemBooked,
  venueZoneOfSession,
} from './repo';

/**
 * Check-in at the door (issue #16; decision 0042). A scanned code is a ticket's own code, an
 * order's code (its tickets for this door), or a member ID. A ticket becomes `redeemed` once:
 * the decision below is made on a read, but only the conditional UPDATE of `redeemBooked`
 * decides who wins, and a scan that lost is told why from a second read. Only admissions open
 * the door (issue 22, contracts rules/admission.ts): a donation's, a gift card's or a
 * membership purchase's code is refused; a member ID admits once a day. Every scan of known
 * tickets is kept in their history (decision 0107): the admitting one in the transaction that
 * redeems, a refused one by its own INSERT.
 */

/**
 * Test-only switches: the admitting transaction — one conditional UPDATE, then `record` of the
 * scans it won, committed together (the concurrency test's CONTROL swaps in a naive write
 * without the state condition); and how a refused scan is recorded (a test makes it fail, to
 * show the door still gets its refusal).
 */
export const checkInSeams = {
  redeem: (db: Db, ids: string[], apiKeyId: string, now: Date, record: RecordAdmitted) =>
    withRetryingTransaction(db, async (tx) => {
      const won = await redeemBooked(tx, ids, apiKeyId, now);
      await record(
        tx,
        won.map((r) => r.id),
      );
      return won;
    }),
  recordRefused: (db: Db, scans: NewTicketScan[]) => insertTicketScans(db, scans),
};

/** Writes the admitting scans of the tickets a redeem won, in its transaction. */
export type RecordAdmitted = (tx: Tx, wonIds: string[]) => Promise<void>;

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
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The history rows of one scan of these tickets (decision 0107). */
const scansOf = (input: CheckInInput, ticketIds: string[], result: TicketScanResult) =>
  ticketIds.map((ticketId): NewTicketScan => ({
    sellerId: input.seller.id,
    ticketId,
    scannedAt: input.now,
    result,
    apiKeyId: input.apiKey.id,
    doorSessionId: input.body.event_session_id ?? null,
    doorDate: input.body.date ?? null,
  }));

/**
 * Keeps a refused scan in its tickets' history, then answers the refusal to throw. Its own
 * INSERT, after the reads that decided it: there is no transaction to join, and the door must
 * get its refusal even when the row cannot be written — a lost line is logged, never a 500.
 */
async function recordRefused(
  db: Db,
  input: CheckInInput,
  refused: TicketRefusal,
): Promise<AppError> {
  try {
    await checkInSeams.recordRefused(db, scansOf(input, refused.ticketIds, refused.code));
  } catch (err) {
    input.log.warn(
      { err, ticket_ids: refused.ticketIds, result: refused.code },
      'check-in: a refused scan was not recorded in the ticket history',
    );
  }
  return refused.error;
}

/**
 * The tickets a code names, at this door: those booked for it are redeemed and their scan
 * recorded in one short transaction; else the refusal, with the tickets it is about.
 */
async function admitTickets(
  db: Db,
  input: CheckInInput,
  rows: SellerTicketRow[],
): Promise<CheckInResult[] | TicketRefusal> {
  const { seller, apiKey, body, now } = input;
  const door: Door = { eventSessionId: body.event_session_id, date: body.date };
  // only admissions open the door: an order's code admits its tickets, never its donation
  const admissions = rows.filter((r) => admitsByTicketCode(r.handler));
  if (admissions.length === 0) return notAnAdmission(rows, body.code);
  const chosen = admissions.filter((r) => r.state === 'booked' && fitOf(r, door, now) === 'fits');
  if (chosen.length === 0) return whyNot(admissions, door, now, body.code);
  // the admitting scans commit with the redeem, or neither does
  const redeemed = await checkInSeams.redeem(
    db,
    chosen.map((r) => r.id),
    apiKey.id,
    now,
    (tx, wonIds) => insertTicketScans(tx, scansOf(input, wonIds, 'admitted')),
  );
  const won = new Set(redeemed.map((r) => r.id));
  if (won.size === 0) {
    // another scan (or a cancel) took them first: say why from what is stored now
    const again = await lookUpCode(db, seller.id, body.code);
    const stored = again?.kind === 'tickets' ? again.rows : rows;
    return whyNot(
      stored.filter((r) => admitsByTicketCode(r.handler)),
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

/** POST /admin/api/check_in: admits what the code names at this door, or says why not. */
export async function checkIn(db: Db, input: CheckInInput): Promise<CheckInResult[]> {
  const { seller, body } = input;
  const found = await lookUpCode(db, seller.id, body.code);
  // a code naming no ticket has no history to keep (decision 0107)
  if (!found) throw refusal('unknown_code', body.code);
  if (found.kind === 'member') return [await admitMember(db, input, found.term)];
  const outcome = await admitTickets(db, input, found.rows);
  if (Array.isArray(outcome)) return outcome;
  throw await recordRefused(db, input, outcome);
}
