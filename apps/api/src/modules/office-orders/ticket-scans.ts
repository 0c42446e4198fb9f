import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OfficeTicketScan } from '@admit/contracts/office-orders';
import type { Db } from '@/db/connection';
import { sellerApiKey } from '@/db/schema/seller-api';
import { ticketScan } from '@/db/schema/ticket-scans';

/**
 * Each ticket's scans at the door, admitted and refused, oldest first, with the name of the
 * scanner's key (decision 0107); the seller's own rows only. Two scans in one instant read the
 * admission first: a refusal in that instant is the one that found it already used.
 */
export async function ticketScansOf(
  db: Db,
  sellerId: string,
  ticketIds: string[],
): Promise<Map<string, OfficeTicketScan[]>> {
  const byTicket = new Map<string, OfficeTicketScan[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select({
      ticketId: ticketScan.ticketId,
      at: ticketScan.scannedAt,
      result: ticketScan.result,
      by: sellerApiKey.name,
    })
    .from(ticketScan)
    .innerJoin(sellerApiKey, eq(sellerApiKey.id, ticketScan.apiKeyId))
    .where(and(eq(ticketScan.sellerId, sellerId), inArray(ticketScan.ticketId, ticketIds)))
    .orderBy(
      asc(ticketScan.scannedAt),
      asc(sql`${ticketScan.result} <> 'admitted'`),
      asc(ticketScan.id),
    );
  for (const row of rows) {
    const scans = byTicket.get(row.ticketId) ?? [];
    scans.push({ at: row.at.toISOString(), result: row.result, by: row.by });
    byTicket.set(row.ticketId, scans);
  }
  return byTicket;
}
