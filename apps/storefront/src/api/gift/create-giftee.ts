import { gifteeResponseSchema, type GifteeBody, type GifteeIdentity } from '@admit/contracts/gift';
import { apiWrite } from '@/api/client';

/**
 * POST giftee (identity §7; shopping §5 gift recipient form: first_name, last_name, email,
 * additional_info): the recipient's identity, found by e-mail or made without a password. A
 * gift to oneself answers 422 with the spec's text (decision 0023).
 */
export async function createGiftee(body: GifteeBody): Promise<GifteeIdentity> {
  const answer = await apiWrite('POST', 'giftee', { body, schema: gifteeResponseSchema });
  const giftee = answer.identity._data[0];
  if (!giftee) throw new Error('POST giftee answered no identity');
  return giftee;
}
