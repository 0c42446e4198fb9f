import { z } from 'zod';
import { collectionSchema } from '@admit/contracts/envelope';
import { membershipSchema } from '@admit/contracts/membership';
import type { Membership } from '@admit/contracts/membership';
import { apiWrite } from '@/api/client';

/** What the storefront reads of the answer: the membership, when the server sends it. */
const cancelResponseSchema = z.object({ membership: collectionSchema(membershipSchema) });

/**
 * DELETE ticket_order/{ticketOrderId}/auto_renew (identity §7): scheduled becomes cancelled
 * (§4); other states are refused with 'membership not enrolled in auto-renew' (§8). Resolves to
 * the membership of the answer, or null when the answer carries none (decision 0035).
 */
export async function cancelAutoRenew(ticketOrderId: string): Promise<Membership | null> {
  const body = await apiWrite<unknown>(
    'DELETE',
    `ticket_order/${encodeURIComponent(ticketOrderId)}/auto_renew`,
  );
  const parsed = cancelResponseSchema.safeParse(body);
  return parsed.success ? (parsed.data.membership._data[0] ?? null) : null;
}
