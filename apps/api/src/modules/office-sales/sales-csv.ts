import { stringify } from 'csv-stringify/sync';
import { minorToDecimal } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import type { SellerRef } from '@/http/request-context';
import { zonedIso } from '@/lib/zoned-time';
import { salesEntries, type SalesEntry } from './ledger';
import type { SalesRange } from './range';

/**
 * The sales export (decision 0088): one row per ledger entry, the same entries the sales page
 * sums, so a spreadsheet's pivot gives the page's figures. Times are the venue's wall time with
 * its offset ("2026-11-03T10:30:00-05:00"), never UTC (issue #27).
 */

const COLUMNS: [string, (e: SalesEntry, timeZone: string) => string | number | null][] = [
  ['at', (e, timeZone) => zonedIso(e.at, timeZone)],
  ['kind', (e) => e.kind],
  ['order_number', (e) => e.orderNumber],
  ['channel', (e) => e.channel],
  ['event', (e) => e.eventName],
  ['ticket_type', (e) => e.ticketTypeName],
  ['donation', (e) => (e.donation ? 'yes' : 'no')],
  ['tickets', (e) => e.tickets],
  ['amount', (e) => minorToDecimal(e.amount)],
];

export async function salesCsv(db: Db, seller: SellerRef, range: SalesRange): Promise<string> {
  const entries = await salesEntries(db, seller.id, range.start, range.end);
  return stringify(
    entries.map((e) => COLUMNS.map(([, value]) => value(e, range.timeZone))),
    { header: true, columns: COLUMNS.map(([name]) => name) },
  );
}
