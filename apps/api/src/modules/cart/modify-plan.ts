import type { CartModifyBody } from '@admit/contracts/cart';
import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import type { CodeRequest, BundleRule } from '@/modules/codes/apply';
import { requireGiftee } from '@/modules/giftee/service';
import { checkCompanionsAlone, checkSeats, type SeatPlan } from '@/modules/seats/reserve-seats';
import { mustMatchEvents } from './anchor-match';
import type { BundleRows } from './bundle-repo';
import type { CartCaller } from './cart-lookup';
import { isMemberTicket } from './member-benefits';
import { checkRulesBeforeTx, codeRequestsOf } from './modify-codes';
import { soleSessionCounter } from './reserve';
import { planTickets, type BundleRowsLoader, type PlannedTicket } from './reserve-plan';

/**
 * The first step of a modify (plan → hold → answer; service.ts): everything decided before
 * any transaction — the checked tickets and the rows they were read from, the hold's new
 * expiry, the giftee, the codes and the rules, and whether the hold may be coalesced.
 */

/** A new cart's row as modify creates it (no id and number yet: the insert draws them). */
export type NewCartValues = Omit<CartRow, 'id' | 'cartNumber' | 'state'>;

export interface ModifyPlan {
  at: Date;
  /** the cart changed, or null: a new cart */
  cartId: string | null;
  body: CartModifyBody;
  planned: PlannedTicket[];
  /** the catalogue rows the plan read (null: no tickets asked for) */
  rows: BundleRows | null;
  /** now + the seller's hold minutes: where adding tickets moves the expiry */
  holdUntil: Date;
  gifteeId: string | null;
  newCart: NewCartValues;
  codeRequests: CodeRequest[];
  /** the rules on the tickets asked for, checked against the cart's codes in the hold */
  ruled: BundleRule[];
  /** spec: shopping §5 — member tickets are capped by the member's benefits (decision 0015) */
  memberCheck: boolean;
  /** a new cart taking places of one session only: coalesced with the other holds on it */
  soleSession: string | null;
  /** the checked seats of seated tickets (null: none; decision 0052) */
  seats: SeatPlan | null;
  /** add-ons whose tickets must number the cart's admission tickets (anchor-match.ts) */
  addOnEvents: string[];
}

export interface ModifyPlanDeps {
  db: Db;
  /** ms a hold lasts for the seller (cached by the service) */
  holdMs: (sellerId: string) => Promise<number>;
  loadRows: BundleRowsLoader;
}

/** Plans a modify; throws the first rule the body breaks that needs no transaction. */
export async function planModify(
  { db, holdMs, loadRows }: ModifyPlanDeps,
  caller: CartCaller,
  cartId: string | null,
  body: CartModifyBody,
  at: Date,
): Promise<ModifyPlan> {
  const [{ planned, rows }, hold] = await Promise.all([
    planTickets(db, caller.seller.id, caller.identity, body, at, loadRows),
    holdMs(caller.seller.id),
  ]);
  const holdUntil = new Date(at.getTime() + hold);
  // spec: shopping §5 seated validation; decision 0052 — seats are checked before any transaction
  const seats = await checkSeats(db, planned);
  if (!cartId) checkCompanionsAlone(seats);
  // a gift names its giftee with the reserve (decision 0038): a person of the seller, not the caller
  const gifteeId = body.giftee_identity_id?.toLowerCase() ?? null;
  if (gifteeId) await requireGiftee(db, caller.seller, caller.identity, gifteeId);
  // spec: shopping §7 — a cart made by modify belongs to the caller, channel web
  const newCart: NewCartValues = {
    sellerId: caller.seller.id,
    identityId: caller.identity.id,
    channel: 'web',
    campaign: body.campaign ?? null,
    preloadedPromoCodes: body.preloadedPromoCodes ?? [],
    additionalInfo: body.additionalInfo ?? null,
    gifteeIdentityId: gifteeId,
    autoRenew: null,
    giftMessage: null,
    extensionCount: 0,
    expiresAt: holdUntil,
    createdAt: at,
    updatedAt: at,
  };
  const codeRequests = codeRequestsOf(body);
  const ruled = checkRulesBeforeTx(planned, rows, !cartId && codeRequests.length === 0);
  const memberCheck = !caller.identity.isPublic && planned.some(isMemberTicket);
  // seated tickets never join a coalesced batch: one lost seat would fail every cart of it
  const soleSession =
    !cartId &&
    !seats &&
    !memberCheck &&
    !body.remove?.tickets.length &&
    codeRequests.length === 0 &&
    rows
      ? soleSessionCounter(planned)
      : null;
  return {
    at,
    cartId,
    body,
    planned,
    rows,
    holdUntil,
    gifteeId,
    newCart,
    codeRequests,
    ruled,
    memberCheck,
    soleSession,
    seats,
    addOnEvents: mustMatchEvents(planned, rows),
  };
}
