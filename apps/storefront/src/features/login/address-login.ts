import type { QueryClient } from '@tanstack/react-query';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { getCartState, liveCartId } from '@/stores/cart-store';
import { completeLogin } from '@/features/login/api/complete-login';
import { login } from '@/features/login/api/login';
import { refreshMember } from '@/features/login/api/refresh-member';
import { isMemberIdMethod } from '@/features/login/model/login-fields';
import { memberIdLoginMessage } from '@/features/login/model/login-errors';
import type { LoginMessage } from '@/features/login/model/login-errors';

/**
 * The logins the address starts (identity §2 rules 5 and 6), loaded only when such a link is
 * opened: the login calls and zod stay out of the first load.
 */
export interface MemberLoginFields {
  member_code: string;
  zip_code?: string;
  last_name?: string;
  email?: string;
}

/** Rule 5: a member-ID login from query parameters; null on success, else the message. */
export async function memberLoginFromAddress(
  fields: MemberLoginFields,
  method: SellerConfig['authentication_method'],
  queryClient: QueryClient,
): Promise<LoginMessage | null> {
  const cartId = liveCartId(getCartState());
  try {
    const response = await login({ ...fields, cart_id: cartId ?? undefined });
    await completeLogin(response, queryClient, cartId);
    return null;
  } catch (error) {
    return memberIdLoginMessage(error, isMemberIdMethod(method) ? method : 'member_id_zip');
  }
}

/** Rule 6 `auth_callback`: the server finished an external login; is a member logged in now? */
export async function externalCallback(queryClient: QueryClient): Promise<boolean> {
  return refreshMember(queryClient).catch(() => false);
}
