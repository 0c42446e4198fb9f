import type { StaffUser } from '@admit/contracts/office';
import type { StaffApiKey, StaffImportResult } from '@admit/contracts/staff-api';
import type { Db } from '@/db/connection';
import { FileIssuesError } from '@/modules/seller-file/file-errors';
import { exportSeller, importSellerFile, readSellerFile } from '@/modules/seller-file/service';
import { exportOrders, type OrdersExport } from '@/modules/staff-api/orders-export';
import type { NewStaff } from '@/modules/office/staff-service';
import {
  addOfficeStaff,
  createStaffKey,
  listStaffKeys,
  revokeStaffKey,
} from '@/modules/staff-api/service';

/**
 * What the seller commands ask for (decision 0074), done one of two ways: by a running server's
 * staff API (staff-client.ts), or on the database itself when no server answers (below). Both
 * answer the same shapes, so a command prints the same lines either way.
 */
export interface StaffOps {
  createKey(slug: string, name: string): Promise<{ key: string; api_key: StaffApiKey }>;
  listKeys(slug: string): Promise<StaffApiKey[]>;
  revokeKey(slug: string, id: string): Promise<StaffApiKey>;
  exportOrders(slug: string, since: Date | null, format: 'csv' | 'json'): Promise<OrdersExport>;
  /** the seller file and its pictures (path in the file → bytes); undefined: no such seller */
  exportSeller(slug: string): Promise<{ yaml: string; images: Map<string, Buffer> } | undefined>;
  /** the file at `path` (problems: SellerFileError; a refused real import: ImportRefusedError) */
  importFile(path: string, dryRun: boolean): Promise<StaffImportResult>;
  /** a back-office staff user (decision 0083) */
  addOfficeStaff(slug: string, input: NewStaff): Promise<StaffUser>;
}

/** A command's failure told as one sentence, and the exit code it ends with. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** the server's `_code`, when the staff API refused */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}

/** The ops on the database itself: the CLI opened it because no server answered. */
export function directStaffOps(db: Db, now: () => Date): StaffOps {
  return {
    createKey: (slug, name) => createStaffKey(db, slug, name, now()),
    listKeys: (slug) => listStaffKeys(db, slug),
    revokeKey: (slug, id) => revokeStaffKey(db, slug, id, now()),
    exportOrders: (slug, since, format) => exportOrders(db, slug, since, format),
    exportSeller: (slug) => exportSeller(db, slug),
    addOfficeStaff: (slug, input) => addOfficeStaff(db, slug, input, now()),
    async importFile(path, dryRun) {
      const { file, images, located } = await readSellerFile(path);
      const result = await importSellerFile(db, file, { now: now(), images, dryRun }).catch(
        (error: unknown) => {
          throw error instanceof FileIssuesError ? located(error.issues) : error;
        },
      );
      return {
        seller: file.seller.slug,
        dry_run: dryRun,
        changes: result.lines,
        refusals: result.plan.refusals,
      };
    },
  };
}
