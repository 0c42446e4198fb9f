import type { LoginBody, LoginResponse } from '@admit/contracts/identity';
import { loginRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

/**
 * POST login (identity §7): username and password, a member ID with its second detail, or the
 * external provider's jwt. The server sets the session cookies; `cart_id` moves the guest cart.
 */
export function login(body: LoginBody): Promise<LoginResponse> {
  return call(loginRoute, { body });
}
