import {
  officeSellerFileImportResponseSchema,
  officeSellerFileResponseSchema,
  type OfficeSellerFileImportBody,
} from '@admit/contracts/office-catalogue';
import type { StaffImportResult, StaffSellerFile } from '@admit/contracts/staff-api';
import { officeRequest } from '@/features/office/api/office-request';

/** The catalogue page's calls (decision 0089): the current seller file, and its import. */

export async function getSellerFile(): Promise<StaffSellerFile> {
  const answer = officeSellerFileResponseSchema.parse(await officeRequest('seller_file'));
  return answer.seller_file._data[0]!;
}

/** With `dry_run` the API only plans; without it the import is applied (or refused, 409). */
export async function importSellerFile(
  body: OfficeSellerFileImportBody,
): Promise<StaffImportResult> {
  const answer = await officeRequest('seller_file', { method: 'POST', body });
  return officeSellerFileImportResponseSchema.parse(answer).seller_file_import._data[0]!;
}
