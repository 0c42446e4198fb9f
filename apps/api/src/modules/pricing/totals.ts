import { isCountedPayment, type CartFees } from '@admit/contracts/cart';
import { minorToDecimal } from '@admit/contracts/money';
import { codeMayDiscount, resourceCovers } from '@admit/contracts/rules/discounts';
import { lineTotals, percentFee, type LineTotals } from '@admit/contracts/rules/fees';

/**
 * The cart's totals (shopping §3 cart_fees and cartmods), pure: the bundle, apply_code's
 * benefit check and the stored `adjusted_value` all come from `cartTotals`, so they cannot
 * disagree. All amounts are integer minor units (docs/decisions/0017-codes-and-totals.md); the
 * pricing model (discount, then fees per line; totals are sums of lines) is decision 0047.
 */

/** A live ticket as the totals see it. */
export interface TotalsTicket {
  id: string;
  faceValue: number;
  ticketTypeId: string;
  ticketGroupId: string;
  eventTemplateId: string;
  /** the ticket group's handler: a code on every ticket skips donations, gift cards, … */
  handler: string | null;
  outsideFees: unknown;
}

/** A code applied to the cart (cart_code joined with code). */
export interface TotalsCode {
  /** the cart_code id: the cartmod's id */
  id: string;
  /** percent (thousandths of a percent, 10000 = 10 %) | fixed (minor units per ticket) */
  discountType: string;
  discountValue: number;
  /** ticket_type | ticket_group | event_template | null (every ticket) */
  resource: string | null;
  resourceId: string | null;
  /**
   * The most tickets this code may discount; null or absent: any number. A CityPASS code
   * discounts one ticket per voucher it holds (`voucherLimitOf`), so a ticket added after it
   * without a voucher pays its price (decision 0100).
   */
  ticketLimit?: number | null;
}

/**
 * A cart code's ticket limit from its `cart_code.voucher`: null for a code without vouchers (not
 * a CityPASS code), else the number of vouchers it holds ('' — a CityPASS code holding none — 0).
 */
export const voucherLimitOf = (voucher: string | null): number | null =>
  voucher === null ? null : voucher.split(',').filter((v) => v !== '').length;

export interface TotalsPayment {
  amount: number;
  state: string;
}

/**
 * What one code takes off one ticket: a percent of the face value with the fees' rounding
 * (half away from zero, per ticket), or a fixed amount; never below 0, never above the face.
 * A code on every ticket leaves donations, gift cards and memberships whole (decision 0047).
 */
export function codeDiscountOn(code: TotalsCode, ticket: TotalsTicket): number {
  if (!resourceCovers(code, ticket) || ticket.faceValue <= 0) return 0;
  if (!codeMayDiscount(code.resource, ticket.handler)) return 0;
  const value = Math.max(0, code.discountValue);
  const raw =
    code.discountType === 'percent'
      ? percentFee(ticket.faceValue, value)
      : code.discountType === 'fixed'
        ? value
        : 0;
  return Math.min(Math.max(raw, 0), ticket.faceValue);
}

export interface TicketTotals {
  discount: number;
  adjustedValue: number;
  /** the cart_code whose discount this ticket got (null: none) */
  cartmodId: string | null;
  /** the ticket's line: face, discount, service charge, tax and total (rules/fees.ts) */
  line: LineTotals;
}

export interface CartTotals {
  tickets: Map<string, TicketTotals>;
  /** discount granted per cart_code id (0 for a code that wins no ticket) */
  cartmods: Map<string, number>;
  price: number;
  feeFixed: number;
  feePercent: number;
  cartmodAmount: number;
  payments: number;
  outstanding: number;
}

/**
 * Totals of a cart. Codes do not stack: each ticket gets the single best discount among the
 * codes covering it (ties: the code applied first, i.e. earlier in `codes`), so a discount can
 * never exceed the price it discounts; a code with a ticket limit discounts only the first
 * tickets it wins, in ticket order (the order `checkVouchers` gives vouchers out). Fees are on the price after the discount, per line
 * (`lineTotals`), and every total is the sum of its lines, so
 * outstanding = price − cartmods + fees − payments, never negative.
 */
export function cartTotals(
  tickets: TotalsTicket[],
  codes: TotalsCode[],
  payments: TotalsPayment[] = [],
): CartTotals {
  const perTicket = new Map<string, TicketTotals>();
  const cartmods = new Map<string, number>(codes.map((c) => [c.id, 0]));
  // tickets each code has discounted so far, in ticket order, against its ticket limit
  const wins = new Map<string, number>();
  let price = 0;
  let feeFixed = 0;
  let feePercent = 0;
  let cartmodAmount = 0;
  for (const t of tickets) {
    let best = 0;
    let winner: string | null = null;
    for (const code of codes) {
      if (code.ticketLimit != null && (wins.get(code.id) ?? 0) >= code.ticketLimit) continue;
      const discount = codeDiscountOn(code, t);
      if (discount > best) {
        best = discount;
        winner = code.id;
      }
    }
    if (winner) {
      cartmods.set(winner, (cartmods.get(winner) ?? 0) + best);
      wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }
    const line = lineTotals(t.faceValue, best, t.outsideFees);
    price += line.face;
    cartmodAmount += line.discount;
    feeFixed += line.serviceCharge;
    feePercent += line.tax;
    perTicket.set(t.id, {
      discount: best,
      adjustedValue: line.adjusted,
      cartmodId: winner,
      line,
    });
  }
  const paid = payments.filter(isCountedPayment).reduce((n, p) => n + p.amount, 0);
  const outstanding = Math.max(0, price - cartmodAmount + feeFixed + feePercent - paid);
  return {
    tickets: perTicket,
    cartmods,
    price,
    feeFixed,
    feePercent,
    cartmodAmount,
    payments: paid,
    outstanding,
  };
}

/** The `cart_fees` record of a cart (shopping §3); the cartmod amount is reported positive. */
export function cartFeesOf(cartId: string, currency: string, totals: CartTotals): CartFees {
  return {
    cart_id: cartId,
    currency_code: currency,
    total_before_cartmod_price: minorToDecimal(totals.price),
    total_fee_fixed_outside: minorToDecimal(totals.feeFixed),
    total_fee_percent_outside: minorToDecimal(totals.feePercent),
    total_cartmod_amount: minorToDecimal(totals.cartmodAmount),
    total_payments: minorToDecimal(totals.payments),
    total_outstanding: minorToDecimal(totals.outstanding),
    grand_totals: { total_outstanding: minorToDecimal(totals.outstanding) },
  };
}

/** A ticket type as `discountedAmount` prices it: one ticket of it at `faceValue`. */
export type PricedType = Omit<TotalsTicket, 'id' | 'outsideFees'>;

/**
 * A ticket type's `discounted_amount` (shopping §3 "Ticket type"; decision 0075): what one
 * ticket of it at `faceValue` costs after the codes a cart holds — the adjusted value
 * `cartTotals` gives such a line, so the figure shown is the figure charged — or null when no
 * code takes anything off it. Lines never affect each other (a code's discount is per ticket),
 * so a cart's ticket of the type gets exactly this.
 */
export function discountedAmount(type: PricedType, codes: TotalsCode[]): number | null {
  const probe = { ...type, id: 'probe', outsideFees: [] };
  const line = cartTotals([probe], codes).tickets.get(probe.id);
  return line && line.discount > 0 ? line.adjustedValue : null;
}
