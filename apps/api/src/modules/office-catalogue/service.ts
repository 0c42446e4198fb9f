import { toCollection } from '@admit/contracts/envelope';
import type { OfficeSellerFileImportBody } from '@admit/contracts/office-catalogue';
import type { Db } from '@/db/connection';
import { withRetryingTransaction } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { recordAudit, type AuditActor } from '@/modules/office/audit';
import {
  createStaffKey,
  exportStaffSellerFile,
  importErrorOf,
  importStaffSellerFile,
  listStaffKeys,
  noSuchSeller,
  revokeStaffKey,
} from '@/modules/staff-api/service';

/**
 * The owner's catalogue screen (issue #27 "Catalogue", decision 0089): the staff API's services
 * (decision 0074), with the office's seller fixed to the signed-in one and an audit record in
 * each write's transaction. An import is the seller-file import the CLI runs: applied while the
 * shop runs, refused (409) when it would remove anything with sales behind it.
 */

type Seller = Pick<SellerRef, 'id' | 'slug'>;

export async function officeSellerFile(db: Db, seller: Seller) {
  const exported = await exportStaffSellerFile(db, seller.slug);
  if (!exported) throw noSuchSeller(seller.slug);
  return { seller_file: toCollection([exported]) };
}

export async function officeImport(
  db: Db,
  seller: Seller,
  body: OfficeSellerFileImportBody,
  actor: AuditActor,
  now: Date,
) {
  const { dry_run: dryRun = false, reason, ...sent } = body;
  try {
    const result = await importStaffSellerFile(db, sent, {
      now,
      dryRun,
      sellerSlug: seller.slug,
      alsoInTransaction: (tx, imported) =>
        recordAudit(tx, {
          sellerId: seller.id,
          actor,
          action: 'catalogue.import',
          target: `seller:${seller.id}`,
          // the diff is the record: the file itself is the catalogue's own history
          after: { file_name: sent.file_name, changes: imported.lines },
          reason: reason ?? null,
          at: now,
        }),
    });
    return { seller_file_import: toCollection([result]) };
  } catch (error) {
    throw importErrorOf(error);
  }
}

export async function officeApiKeys(db: Db, seller: Seller) {
  return { api_key: toCollection(await listStaffKeys(db, seller.slug)) };
}

export async function officeCreateApiKey(
  db: Db,
  seller: Seller,
  body: { name: string; reason?: string | undefined },
  actor: AuditActor,
  now: Date,
) {
  const created = await withRetryingTransaction(db, async (tx) => {
    const made = await createStaffKey(tx, seller.slug, body.name, now);
    await recordAudit(tx, {
      sellerId: seller.id,
      actor,
      action: 'api_key.create',
      target: `api_key:${made.api_key.id}`,
      after: { name: made.api_key.name, prefix: made.api_key.prefix },
      reason: body.reason ?? null,
      at: now,
    });
    return made;
  });
  return { api_key: toCollection([{ ...created.api_key, key: created.key }]) };
}

export async function officeRevokeApiKey(
  db: Db,
  seller: Seller,
  id: string,
  reason: string,
  actor: AuditActor,
  now: Date,
) {
  const revoked = await withRetryingTransaction(db, async (tx) => {
    const row = await revokeStaffKey(tx, seller.slug, id, now);
    await recordAudit(tx, {
      sellerId: seller.id,
      actor,
      action: 'api_key.revoke',
      target: `api_key:${row.id}`,
      after: { name: row.name, revoked_at: row.revoked_at },
      reason,
      at: now,
    });
    return row;
  });
  return { api_key: toCollection([revoked]) };
}
