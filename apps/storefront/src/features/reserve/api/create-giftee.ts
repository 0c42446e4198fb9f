import type { GifteeBody, GifteeIdentity } from '@admit/contracts/gift';
import { gifteeRoute } from '@admit/contracts/routes/cart';
import { call } from '@/api/client';

/**
 * POST giftee (shopping §7: first_name, last_name, email, additional_info; reads identity_id):
 * the seller's person with that e-mail, found or made (decision 0023).
 */
export async function createGiftee(body: GifteeBody): Promise<GifteeIdentity> {
  const response = await call(gifteeRoute, { body });
  const identity = response.identity._data[0];
  if (!identity) throw new Error('POST giftee answered no identity');
  return identity;
}
