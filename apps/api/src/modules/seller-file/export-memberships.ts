import { asc, eq, inArray } from 'drizzle-orm';
import type { FileEvent } from '@admit/contracts/seller-file/catalogue';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { membershipProgram, membershipRole, membershipRule } from '@/db/schema/memberships';
import { inIds, type ExportContext } from './export-context';
import { compact } from './export-values';

/**
 * The seller's membership programs in the file's form: each level names its ticket type by key
 * path and comes in the order of the types in `events` (the file's order, not the table's).
 */
export async function membershipProgramsOf(
  ctx: ExportContext,
  events: readonly FileEvent[],
): Promise<SellerFile['membership_programs']> {
  const { db, idsOf, path, byKey } = ctx;
  const sellerId = ctx.seller.id;
  const programs = await inIds(idsOf('membership_program'), (ids) =>
    db.select().from(membershipProgram).where(inArray(membershipProgram.id, ids)),
  );
  const roles = await db.select().from(membershipRole).where(eq(membershipRole.sellerId, sellerId));
  const memberRules = await db
    .select()
    .from(membershipRule)
    .where(eq(membershipRule.sellerId, sellerId))
    .orderBy(asc(membershipRule.rank));
  const typeOrder = events.flatMap((e) =>
    (e.ticket_groups ?? []).flatMap((g) => g.ticket_types.map((t) => `${e.key}/${g.key}/${t.key}`)),
  );
  if (!programs.length) return undefined;
  return byKey('membership_program', programs).map(({ item, key }) => ({
    key,
    name: item.name,
    term_months: item.termMonths,
    renewal_days: item.renewalDays,
    levels: roles
      .filter((r) => r.membershipProgramId === item.id && path('ticket_type', r.ticketTypeId))
      .map((r) => ({ role: r, type: path('ticket_type', r.ticketTypeId)! }))
      .sort((a, b) => typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type))
      .map(({ role, type }) =>
        compact({
          ticket_type: type,
          benefits: Object.keys(role.benefits as object).length
            ? Object.fromEntries(
                Object.entries(role.benefits as Record<string, number>).map(([id, n]) => [
                  id === '*' ? id : (path('ticket_type', id) ?? id),
                  n,
                ]),
              )
            : undefined,
          rules: memberRules
            .filter((m) => m.ticketTypeId === role.ticketTypeId)
            .map((m) => ({
              role: m.partyRole,
              min: m.min,
              max: m.max,
              named: m.named as never,
              emailed: m.emailed as never,
            })),
        }),
      ),
  }));
}
