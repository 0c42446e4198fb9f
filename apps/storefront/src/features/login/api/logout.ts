import { logoutRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

/**
 * POST logout (identity §7): the server ends the session and clears its cookies. The answer (the
 * public identity's session) is not needed: the caller clears the stores either way.
 */
export async function logout(): Promise<void> {
  await call(logoutRoute, { body: {} });
}
