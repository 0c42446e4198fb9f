import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/connection';
import type { MembershipRenewalRow, MembershipRow } from '@/db/schema/memberships';
import type { SavedPaymentMethodRow } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { selectCart } from '@/modules/cart/repo';
import type { CartService } from '@/modules/cart/service';
import type { createCheckoutService } from '@/modules/checkout/service';
import { sellerRef } from '@/modules/checkout/settlement';
import { cardGatewayFor } from '@/modules/payments/gateways';
import type { IdempotencyOptions } from '@/modules/payments/idempotent-run';
import { selectProcessingPayment } from '@/modules/payments/repo';
import { newestSavedMethod } from '@/modules/payments/saved-methods';
import { renewedMail, unrenewedMail } from './renewal-mails';
import { openCart, payFor } from './renewal-purchase';
import {
  claimRenewal,
  finishRenewal,
  markRenewalUnpaid,
  releaseRenewal,
  selectSuccessor,
  selectTerm,
  setRenewalCart,
  type DueTerm,
} from './repo';

/**
 * One term's automatic renewal (identity §3 Membership auto_renew_state; decision 0038): claim
 * the term, buy its level again for its holder in a cart of the job's own with the same members,
 * and pay with the holder's saved card off-session under the Idempotency-Key
 * `auto-renew:{term id}` — the checkout's own path (service.ts), so the order, the next term
 * (chained by previous_membership_id, same member ID) and the crash recovery of decision 0027
 * are the checkout's. Then a receipt, or — refused — a mail with a link to renew by hand, the
 * term left to lapse. A failure worth retrying gives the claim up for the next pass.
 */

export interface AutoRenewDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  cart: CartService;
  checkout: ReturnType<typeof createCheckoutService>;
  /** the Idempotency-Key options of a checkout on this cart (the payment job's recovery) */
  idempotencyOf: (cartId: string) => IdempotencyOptions;
  publicIdentityId: (seller: SellerRef) => Promise<string>;
  /** the storefront root its mails link to (sellers/seller-site.ts `storefrontRootOf`) */
  originOf: (seller: SellerRef) => Promise<string>;
  /** how long a job owns a claimed term before another may take it over */
  leaseMs: number;
  /** the claim on a term (repo.ts `claimRenewal`); a test's CONTROL passes a naive one */
  claim?: typeof claimRenewal;
  /** the term's Idempotency-Key (`auto-renew:{term id}`); a test's CONTROL passes another */
  keyOf?: (termId: string) => string;
}

/** One key per term: every attempt at renewing it, on any server, is the same request. */
const termKey = (termId: string) => `auto-renew:${termId}`;

export type RenewOutcome = 'renewed' | 'declined' | 'failed' | 'pending' | 'skipped';

/** The card refusals: the member can fix them (another card, by hand). */
const DECLINES = new Set([
  'card_declined',
  'incorrect_cvc',
  'incorrect_zip',
  'intent_requires_action',
  'intent_processing',
]);

interface Renewal {
  deps: AutoRenewDeps;
  claim: MembershipRenewalRow;
  term: MembershipRow;
  seller: SellerRef;
  /** the storefront's origin: links in the mails */
  origin: string;
  /** the job's cart for this renewal, once made */
  cartId: string | null;
  /** the Idempotency-Key the renewal is paid under */
  key: string;
}

/** Claims and renews one due term; `skipped` when another job holds it. */
export async function renewTerm(deps: AutoRenewDeps, due: DueTerm): Promise<RenewOutcome> {
  const claim = await (deps.claim ?? claimRenewal)(deps.db, due.term, deps.now(), deps.leaseMs);
  if (!claim) return 'skipped';
  try {
    const term = await selectTerm(deps.db, due.term.id);
    const seller = await sellerRef(deps.db, due.term.sellerId);
    if (!term || !seller) throw new Error(`membership ${due.term.id}: rows missing`);
    const origin = await deps.originOf(seller);
    const key = (deps.keyOf ?? termKey)(term.id);
    const renewal = { deps, claim, term, seller, origin, cartId: claim.cartId, key };
    return await renewClaimed(renewal, due.levelTypeId);
  } catch (error) {
    await releaseRenewal(deps.db, claim.id, deps.now());
    throw error;
  }
}

async function renewClaimed(r: Renewal, levelTypeId: string): Promise<RenewOutcome> {
  const { db } = r.deps;
  const successor = await selectSuccessor(db, r.term.id);
  if (successor) return renewed(r, successor, null);
  // cancelled since it was found due (the cancel is one conditional update, decision 0038)
  if (r.term.autoRenewState !== 'scheduled') {
    return finish(r, 'failed', 'not_scheduled', null, null);
  }
  const gateway = await cardGatewayFor(db, r.seller.id);
  const saved = await newestSavedMethod(db, r.term.identityId, gateway.kind);
  let cart = r.claim.cartId ? await selectCart(db, r.claim.cartId) : null;
  if (cart?.state === 'pending' && (await selectProcessingPayment(db, cart.id))) {
    await releaseRenewal(db, r.claim.id, r.deps.now());
    return 'pending'; // the payment job settles it and makes the order
  }
  if (!cart) {
    if (!saved) {
      return finish(r, 'failed', 'no_saved_payment_method', null, {
        reason: 'No saved card could pay for the renewal.',
      });
    }
    try {
      cart = await openCart(r, levelTypeId);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return finish(r, 'failed', error.code, saved, { reason: null });
    }
    await setRenewalCart(db, r.claim.id, cart.id, r.deps.now());
  }
  r.cartId = cart.id;
  const answer = await payFor(r, cart, saved);
  if (answer.status === 201) {
    const next = await selectSuccessor(db, r.term.id);
    if (next) return renewed(r, next, saved);
    return finish(r, 'failed', 'no_term', saved, { reason: null });
  }
  const error = (answer.body as { _data?: { _code?: string; _description?: string }[] })
    ?._data?.[0];
  const code = error?._code ?? 'partial_payment';
  if (code === 'intent_processing' && (await selectProcessingPayment(db, cart.id))) {
    await releaseRenewal(db, r.claim.id, r.deps.now());
    return 'pending';
  }
  const state = DECLINES.has(code) ? 'declined' : 'failed';
  return finish(r, state, code, saved, { reason: error?._description ?? null });
}

/**
 * Renewed: the claim moves on once, and the job's own renewal order gets a receipt (a term
 * renewed by hand got its order's confirmation). A pass that finishes what a crashed one
 * charged names the newest saved card: the one the crashed pass charged.
 */
async function renewed(
  r: Renewal,
  next: MembershipRow,
  saved: SavedPaymentMethodRow | null,
): Promise<RenewOutcome> {
  const { deps, claim, cartId } = r;
  const card = saved ?? (cartId ? await newestSavedMethod(deps.db, r.term.identityId) : null);
  await deps.db.transaction(async (tx) => {
    const moved = await finishRenewal(
      tx,
      claim.id,
      { state: 'renewed', renewedMembershipId: next.id },
      deps.now(),
    );
    if (moved && cartId && card) await renewedMail(tx, r, next, card, cartId);
  });
  return 'renewed';
}

/**
 * Not renewed: the claim's final state, the term no longer counted as renewing (it lapses at its
 * end), and the member mailed a link to renew by hand — all once.
 */
async function finish(
  r: Renewal,
  state: 'declined' | 'failed',
  outcome: string,
  saved: SavedPaymentMethodRow | null,
  mail: { reason: string | null } | null,
): Promise<RenewOutcome> {
  const { deps, claim, term } = r;
  await deps.db.transaction(async (tx) => {
    if (!(await finishRenewal(tx, claim.id, { state, outcome }, deps.now()))) return;
    await markRenewalUnpaid(tx, term.id);
    if (mail) await unrenewedMail(tx, r, saved, mail.reason);
  });
  deps.log.info({ membershipId: term.id, state, outcome }, 'auto-renew: term not renewed');
  return state;
}

export type { Renewal };
