import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { minorToDecimal as minor } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import type { SellerRef } from '@/http/request-context';
import {
  toConfigRow,
  toEventSession,
  toEventTemplate,
  toMeta,
  toTicket,
  toTicketGroup,
  toVenue,
} from '@/modules/catalog/mappers';
import { codeGroupsOf, unmetRules } from '@/modules/codes/apply';
import { selectCartCodes, selectCartPayments, type CartCodeRow } from '@/modules/codes/repo';
import {
  cartSchedule,
  orderEmbedOf,
  selectScheduleRows,
  type ScheduleRows,
} from '@/modules/schedules/cart-schedule';
import { selectBundleRows, selectGiftee, type BundleRows, type GifteeRow } from './bundle-repo';
import { selectOrderByCart, selectTickets } from './repo';
import { cartFeesOf, cartTotals, voucherLimitOf } from '@/modules/pricing/totals';
import { withDiscountedAmount } from './discounted-types';
import type { PaymentRow } from '@/db/schema/payments';
import type { CartRow, TicketRow } from '@/db/schema/cart';
import { hasActiveMembership } from '@/modules/memberships/active';
import { findIdentityById, toIdentityContract } from '@/modules/users/repo';
import type { Identity } from '@admit/contracts/identity';

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** Whole seconds until the cart expires, never negative; null for a cart that no longer runs. */
export function expiresIn(cart: CartRow, now: Date): number | null {
  if (cart.state === 'completed') return null;
  if (cart.state !== 'pending') return 0;
  return Math.max(0, Math.floor((cart.expiresAt.getTime() - now.getTime()) / 1000));
}

export interface BundleOptions {
  now: Date;
  /** the cart's seller (the caller's, which ownership has matched) */
  seller: SellerRef;
  publicIdentityId: string;
  /** `_limit` of the tickets (spec §9: cart fetch limit 1000) */
  limit?: number;
  /** `config.key._in`: only these config keys; null for all */
  configKeys?: string[] | null;
}

/**
 * The answer of every cart call (shopping §3 "A cart response bundle"): the cart and every
 * sibling collection its tickets join on, always all of them whatever `_embed` asked for.
 */
export async function buildCartBundle(
  db: Db,
  cart: CartRow,
  options: BundleOptions,
): Promise<CartBundle> {
  const [tickets, codes, payments, giftee, owner] = await Promise.all([
    selectTickets(db, cart.id, options.limit),
    selectCartCodes(db, cart.id),
    selectCartPayments(db, cart.id),
    selectGiftee(db, cart.gifteeIdentityId),
    selectOwner(db, cart, options),
  ]);
  const rows = await selectBundleRows(
    db,
    cart.sellerId,
    {
      types: unique(tickets.map((t) => t.ticketTypeId)),
      sessions: unique(tickets.map((t) => t.eventSessionId)),
    },
    options.configKeys ?? null,
  );
  const [scheduleRows, order] = await Promise.all([
    selectScheduleRows(db, cart, rows.groups),
    cart.state === 'completed' ? selectOrderByCart(db, cart.id) : null,
  ]);
  const schedule = { ...scheduleRows, order };
  return assembleCartBundle(cart, tickets, rows, options, {
    codes,
    payments,
    schedule,
    giftee,
    owner,
  });
}

/**
 * The guests' shared public identity: a row of only its id and seller (public-identity.ts), so
 * a guest cart's bundle names it with no read (the reserve rush's new carts, modify-answer.ts).
 */
export const publicOwnerOf = (cart: CartRow): Identity => ({
  id: cart.identityId,
  seller_id: cart.sellerId,
  email: null,
  first_name: null,
  last_name: null,
  phone: null,
  address: null,
  address_more: null,
  city: null,
  state: null,
  country: null,
  zip_code: null,
  is_member: false,
});

// spec: shopping §3 "A cart response bundle also carries … identity": the cart's owner
async function selectOwner(db: Db, cart: CartRow, options: BundleOptions) {
  if (cart.identityId === options.publicIdentityId) return publicOwnerOf(cart);
  const [row, isMember] = await Promise.all([
    findIdentityById(db, cart.identityId),
    hasActiveMembership(db, cart.identityId, options.now),
  ]);
  return row ? toIdentityContract(row, isMember) : null;
}

/** The codes and payments of a cart; a new cart has none. */
export interface CartMoneyRows {
  codes: CartCodeRow[];
  payments: PaymentRow[];
  /** plans, snapshot and order (modules/schedules); absent on a new cart answered from rows */
  schedule?: ScheduleRows;
  /** the cart's giftee (decision 0023); a new cart has none */
  giftee?: GifteeRow | null;
  /** the cart's owner on the wire (null: its row is gone); a guest's is `publicOwnerOf` */
  owner: Identity | null;
}

/** identity §3 Cart "giftee (id, name, email)": the name as the gift heading shows it. */
export function gifteeOf(row: GifteeRow | null | undefined) {
  if (!row) return null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return { id: row.id, name, email: row.email };
}

/** A guest cart's giftee: the id and the e-mail the guest gave, never the stored name. */
function anonymousGiftee(row: GifteeRow | null | undefined) {
  return row ? { id: row.id, name: '', email: row.email } : null;
}

// spec: identity §3 "completed payments" — a gift card's number shows only its last 4
const masked = (n: string) => (n.length > 4 ? '*'.repeat(n.length - 4) + n.slice(-4) : n);
const ledgerNumberOf = (data: unknown) => {
  const n = (data as { ledger_number?: unknown } | null)?.ledger_number;
  return typeof n === 'string' && n !== '' ? masked(n) : null;
};

/**
 * The bundle from rows already in hand: `tickets` in bundle order (created_at, id) and `rows`
 * exactly as `selectBundleRows` gives them for those tickets' types and sessions.
 */
export function assembleCartBundle(
  cart: CartRow,
  tickets: TicketRow[],
  rows: BundleRows,
  options: BundleOptions,
  money: CartMoneyRows,
): CartBundle {
  const { now, seller } = options;
  const typeById = new Map(rows.types.map((t) => [t.id, t]));
  const handlerOf = new Map(rows.groups.map((g) => [g.id, g.handler]));
  const live = tickets
    .filter((t) => t.state !== 'cancelled' && t.state !== 'unbooked')
    .map((t) => ({
      ...t,
      handler: handlerOf.get(t.ticketGroupId) ?? null,
      outsideFees: typeById.get(t.ticketTypeId)?.outsideFees,
    }));
  // spec: shopping §3 cartmods and cart_fees — one computation for every figure (totals.ts)
  const codes = money.codes.map(({ cartCode, code }) => ({
    ...code,
    id: cartCode.id,
    ticketLimit: voucherLimitOf(cartCode.voucher),
  }));
  const totals = cartTotals(live, codes, money.payments);
  const groups = new Set(money.codes.flatMap((c) => codeGroupsOf(c.code)));
  const ownedByPublicIdentity = cart.identityId === options.publicIdentityId;
  // A guest cart (the seller's shared public identity) never shows the stored name of the person
  // its giftee id names: anyone can find an id for an e-mail (POST giftee) and set it on a cart,
  // so the name would tell a stranger who owns that address (issue #12). The guest typed the
  // name and e-mail themselves; the e-mail, which they know, stays.
  const giftee = ownedByPublicIdentity ? anonymousGiftee(money.giftee) : gifteeOf(money.giftee);
  // spec: identity §4 "Partial payment options" — due and the scheduled payments
  const plan = cartSchedule({
    cart,
    tickets: live,
    totals,
    groups: rows.groups,
    sessions: rows.sessions,
    rows: money.schedule,
    timeZone: seller.timezone,
    now,
  });
  return {
    cart: toCollection([
      {
        id: cart.id,
        cart_number: cart.cartNumber,
        state: cart.state as CartBundle['cart']['_data'][number]['state'],
        identity_id: cart.identityId,
        seller_id: cart.sellerId,
        expires_at: cart.state === 'completed' ? null : cart.expiresAt.toISOString(),
        expires_in: expiresIn(cart, now),
        ownedByPublicIdentity,
        channel: cart.channel,
        campaign: cart.campaign,
      },
    ]),
    ticket: toCollection(tickets.map((t) => toTicket(t, totals.tickets.get(t.id)?.line))),
    ticket_type: toCollection(rows.types.map((t) => withDiscountedAmount(t, rows.groups, codes))),
    ticket_group: toCollection(rows.groups.map((g) => toTicketGroup(g, now))),
    event_template: toCollection(rows.events.map(toEventTemplate)),
    event_session: toCollection(rows.sessions.map((s) => toEventSession(s, now))),
    venue: toCollection(rows.venues.map(toVenue)),
    identity: toCollection(money.owner ? [money.owner] : []),
    // the storefront's gift heading reads the cart meta row `giftee` (decisions 0019, 0023)
    meta: toCollection([
      ...rows.metas.map(toMeta),
      ...(giftee
        ? [{ id: giftee.id, resource: 'cart', resource_id: cart.id, key: 'giftee', value: giftee }]
        : []),
    ]),
    config: toCollection(rows.configs.map(toConfigRow)),
    seller: toCollection([
      {
        id: seller.id,
        slug: seller.slug,
        name: seller.name,
        currency: seller.currency,
        timezone: seller.timezone,
      },
    ]),
    cart_fees: toCollection([
      {
        ...cartFeesOf(cart.id, seller.currency, totals),
        ...(plan.due === null ? {} : { total_due: minor(plan.due) }),
      },
    ]),
    cartmod: toCollection(
      money.codes.map(({ cartCode, code }) => ({
        id: cartCode.id,
        name: code.name,
        description: code.description,
        discount: minor(totals.cartmods.get(cartCode.id) ?? 0),
        blocking_checkout: code.blockingCheckout,
        activating_code_groups: codeGroupsOf({
          codeGroup: null,
          activatingCodeGroups: code.activatingCodeGroups,
        }),
        code_group: code.codeGroup,
        resource: code.resource,
        resource_id: code.resourceId,
      })),
    ),
    // spec: identity §3 "blocking rules" — rules on live tickets no code of the cart satisfies
    blocking_rule: toCollection(
      unmetRules(rows.rules, live, groups).map((r) => ({
        id: r.id,
        cart_id: cart.id,
        description: r.description,
        block_reason: r.blockReason,
        code_group: r.codeGroup,
      })),
    ),
    payment: toCollection(
      money.payments.map((p) => ({
        id: p.id,
        cart_id: p.cartId,
        gateway_id: p.gatewayId,
        amount: minor(p.amount),
        state: p.state,
        ledger_number: ledgerNumberOf(p.gatewayData),
        created_at: p.createdAt.toISOString(),
      })),
    ),
    ticket_order: toCollection(orderEmbedOf(money.schedule)),
    scheduled_payment: toCollection(plan.scheduled),
    giftee: toCollection(giftee ? [giftee] : []),
  };
}
