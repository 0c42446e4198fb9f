import { myUserRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';
import type { MemberIdentity } from '@/stores/member-store';

/**
 * GET my/user?_embed=identity (identity §7): the logged-in person's identity, used when a login
 * happened elsewhere (the external provider's callback) and no login answer carried it.
 */
export async function getMemberIdentity(signal?: AbortSignal): Promise<MemberIdentity | null> {
  const response = await call(myUserRoute, { query: { _embed: 'identity' }, signal });
  const identity = response.identity?._data[0];
  if (identity) {
    const { first_name, last_name, email, is_member } = identity;
    return { first_name, last_name, email, is_member };
  }
  const user = response.user._data[0];
  if (!user) return null;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_member: false,
  };
}
