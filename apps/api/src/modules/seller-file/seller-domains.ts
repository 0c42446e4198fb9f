import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { SellerDomain } from '@admit/contracts/seller-domains';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { seller, sellerDomain } from '@/db/schema/identity';
import type { Executor } from '@/db/transaction';
import type { LaterIssue } from './file-errors';

/**
 * A seller file's `domains` (decision 0070): the file holds them all, so an import replaces the
 * seller's rows with the file's; a host another seller holds is refused at its line.
 */

/** The seller's domains, by host (what an export writes). */
export async function readSellerDomains(db: Executor, sellerId: string): Promise<SellerDomain[]> {
  const rows = await db
    .select({ host: sellerDomain.host, environment: sellerDomain.environment })
    .from(sellerDomain)
    .where(eq(sellerDomain.sellerId, sellerId))
    .orderBy(asc(sellerDomain.host));
  return rows as SellerDomain[];
}

/** The file's hosts that another seller already holds, each at its place in the file. */
export async function takenDomainIssues(
  db: Executor,
  file: SellerFile,
  sellerId: string,
): Promise<LaterIssue[]> {
  const domains = file.seller.domains ?? [];
  if (domains.length === 0) return [];
  const taken = await db
    .select({ host: sellerDomain.host, slug: seller.slug })
    .from(sellerDomain)
    .innerJoin(seller, eq(seller.id, sellerDomain.sellerId))
    .where(
      and(
        inArray(
          sellerDomain.host,
          domains.map((d) => d.host),
        ),
        ne(sellerDomain.sellerId, sellerId),
      ),
    );
  const holder = new Map(taken.map((t) => [t.host, t.slug]));
  return domains.flatMap((d, i) => {
    const slug = holder.get(d.host);
    return slug === undefined
      ? []
      : [
          {
            path: ['seller', 'domains', i, 'host'],
            message: `${d.host} is seller ${slug}'s domain`,
          },
        ];
  });
}

/** What the import changes in the seller's domains, for people (`describePlan`'s style). */
export function describeDomainChanges(before: SellerDomain[], file: SellerFile): string[] {
  const after = file.seller.domains ?? [];
  const was = new Map(before.map((d) => [d.host, d.environment]));
  const will = new Map(after.map((d) => [d.host, d.environment]));
  return [
    ...after
      .filter((d) => was.get(d.host) !== d.environment)
      .map((d) => `${was.has(d.host) ? '~' : '+'} domain ${d.host} (${d.environment})`),
    ...before.filter((d) => !will.has(d.host)).map((d) => `- domain ${d.host}`),
  ];
}

/** Makes the seller's domains the file's (inside the import's transaction). */
export async function writeSellerDomains(tx: Executor, sellerId: string, file: SellerFile) {
  await tx.delete(sellerDomain).where(eq(sellerDomain.sellerId, sellerId));
  const domains = file.seller.domains ?? [];
  if (domains.length === 0) return;
  await tx
    .insert(sellerDomain)
    .values(domains.map((d) => ({ host: d.host, sellerId, environment: d.environment })));
}
