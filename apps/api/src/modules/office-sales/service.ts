import { toCollection } from '@admit/contracts/envelope';
import type {
  OfficeSalesResponse,
  SalesBreakdown,
  SalesDimension,
  SalesFigures,
} from '@admit/contracts/office-reports';
import type { Db } from '@/db/connection';
import type { SellerRef } from '@/http/request-context';
import { localDate } from '@/lib/zoned-time';
import { salesEntries, type SalesEntry } from './ledger';
import { periodOf, periodsOf, type SalesRange } from './range';

/**
 * The office's sales (issue #27 "Sales", decision 0088): the ledger's entries summed by period
 * (in the venue's zone) and by event, ticket type and channel. Every row is a sum of the same
 * entries, so the periods, each breakdown and the range total agree to the cent.
 */

const zero = (): SalesFigures => ({ revenue: 0, sales: 0, refunds: 0, donations: 0, tickets: 0 });

function add(figures: SalesFigures, entry: SalesEntry) {
  figures.revenue += entry.amount;
  if (entry.kind === 'sale') figures.sales += entry.amount;
  else figures.refunds += entry.amount;
  if (entry.donation) figures.donations += entry.amount;
  figures.tickets += entry.tickets;
}

/** The label of an entry's refund without a line (see ledger.ts). */
const UNATTRIBUTED = { key: 'unattributed', label: 'Refunds not tied to a ticket' };

function dimensionOf(entry: SalesEntry, dimension: SalesDimension) {
  if (dimension === 'channel') return { key: entry.channel, label: entry.channel };
  if (dimension === 'event')
    return entry.eventTemplateId
      ? { key: entry.eventTemplateId, label: entry.eventName ?? '' }
      : UNATTRIBUTED;
  return entry.ticketTypeId
    ? { key: entry.ticketTypeId, label: `${entry.eventName} · ${entry.ticketTypeName}` }
    : UNATTRIBUTED;
}

function breakdown(entries: SalesEntry[], dimension: SalesDimension): SalesBreakdown[] {
  const rows = new Map<string, SalesBreakdown>();
  for (const entry of entries) {
    const { key, label } = dimensionOf(entry, dimension);
    const row = rows.get(key) ?? { dimension, key, label, ...zero() };
    add(row, entry);
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label));
}

/** The seller's sales over a range. */
export async function officeSales(
  db: Db,
  seller: SellerRef,
  range: SalesRange,
): Promise<OfficeSalesResponse> {
  const entries = await salesEntries(db, seller.id, range.start, range.end);
  const total = zero();
  const periods = new Map(periodsOf(range).map((p) => [p, zero()]));
  for (const entry of entries) {
    add(total, entry);
    add(periods.get(periodOf(localDate(entry.at, range.timeZone), range.interval))!, entry);
  }
  return {
    sales_range: toCollection([
      {
        from: range.from,
        to: range.to,
        interval: range.interval,
        timezone: range.timeZone,
        currency: seller.currency,
        ...total,
      },
    ]),
    sales_period: toCollection([...periods].map(([period, figures]) => ({ period, ...figures }))),
    sales_breakdown: toCollection(
      (['event', 'ticket_type', 'channel'] as const).flatMap((d) => breakdown(entries, d)),
    ),
  };
}
