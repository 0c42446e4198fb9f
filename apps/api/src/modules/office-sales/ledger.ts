import { receiptKind, receiptLine } from '@admit/contracts/rules/receipt-lines';
import type { Db } from '@/db/connection';
import { cancelledLines, linesSold, refundsMade, type RefundRow, type SoldLineRow } from './repo';

/**
 * The sales ledger of a range (decision 0088): one entry per line sold, at the time it was sold,
 * for its receipt total (`receiptLine`, the one home of a line's figures); and one negative entry
 * per refund, on the day it was made, split over the order's cancelled lines in proportion to
 * their totals (the refund row names the order, not the tickets), so each event and ticket type
 * carries its own refunds and the parts add up to the refund to the cent.
 */

export interface SalesEntry {
  at: Date;
  kind: 'sale' | 'refund';
  orderNumber: string;
  channel: string;
  /** null: a refund of an order with no cancelled line to put it on (a price change) */
  eventTemplateId: string | null;
  eventName: string | null;
  ticketTypeId: string | null;
  ticketTypeName: string | null;
  donation: boolean;
  /** minor units: positive for a sale, negative for a refund */
  amount: number;
  /** non-donation lines sold (0 on refunds) */
  tickets: number;
}

const lineTotal = (row: SoldLineRow) => receiptLine(row).total;
const isDonation = (row: SoldLineRow) => receiptKind(row.handler) === 'donation';

function saleEntry(row: SoldLineRow): SalesEntry {
  const donation = isDonation(row);
  return {
    at: row.at,
    kind: 'sale',
    orderNumber: row.orderNumber,
    channel: row.channel,
    eventTemplateId: row.eventTemplateId,
    eventName: row.eventName,
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    donation,
    amount: lineTotal(row),
    tickets: donation ? 0 : 1,
  };
}

/**
 * `amount` split over `weights` (non-negative, not all zero) in proportion, largest remainders
 * first, so the parts are whole minor units summing to `amount` exactly.
 */
export function splitInProportion(amount: number, weights: number[]): number[] {
  const total = BigInt(weights.reduce((a, b) => a + b, 0));
  const big = BigInt(amount);
  const parts = weights.map((w) => (big * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % total }));
  let left = big - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

function refundEntries(refund: RefundRow, cancelled: SoldLineRow[]): SalesEntry[] {
  const base = {
    at: refund.at,
    kind: 'refund' as const,
    orderNumber: refund.orderNumber,
    channel: refund.channel,
    tickets: 0,
  };
  const weights = cancelled.map((row) => Math.max(0, lineTotal(row)));
  if (weights.every((w) => w === 0)) {
    return [
      {
        ...base,
        eventTemplateId: null,
        eventName: null,
        ticketTypeId: null,
        ticketTypeName: null,
        donation: false,
        amount: -refund.amount,
      },
    ];
  }
  const parts = splitInProportion(refund.amount, weights);
  return cancelled
    .map((row, i) => ({
      ...base,
      eventTemplateId: row.eventTemplateId,
      eventName: row.eventName,
      ticketTypeId: row.ticketTypeId,
      ticketTypeName: row.ticketTypeName,
      donation: isDonation(row),
      amount: -parts[i]!,
    }))
    .filter((entry) => entry.amount !== 0);
}

/** The seller's sales entries in [from, to), oldest first. */
export async function salesEntries(
  db: Db,
  sellerId: string,
  from: Date,
  to: Date,
): Promise<SalesEntry[]> {
  const [lines, refunds] = await Promise.all([
    linesSold(db, sellerId, from, to),
    refundsMade(db, sellerId, from, to),
  ]);
  const cancelled = await cancelledLines(db, sellerId, [...new Set(refunds.map((r) => r.orderId))]);
  // a stable order for the split: the same refund always lands on the same lines
  cancelled.sort((a, b) => a.ticketId.localeCompare(b.ticketId));
  const entries = [
    ...lines.map(saleEntry),
    ...refunds.flatMap((r) =>
      refundEntries(
        r,
        cancelled.filter((c) => c.orderId === r.orderId),
      ),
    ),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
