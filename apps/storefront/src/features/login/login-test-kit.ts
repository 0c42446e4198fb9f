import type { LoginResponse } from '@admit/contracts/identity';
import { AUTH_INDICATOR_COOKIE } from '@admit/contracts/constants';
import { toCollection } from '@admit/contracts/envelope';
import { memberStorageKey } from '@/stores/member-store';
import type { MemberState } from '@/stores/member-store';
import { FIXTURE_SELLER_ID } from '@/testing/api-fixtures';

export const MEMBER_IDENTITY_ID = '7a1c3e5f-2b4d-4c6e-8f10-3a5b7c9d1e2f';
export const MEMBER_KEY = memberStorageKey('demo-museum');

/** What a successful login answers (identity §7 `loginResponseSchema`). */
export function loginResponse(
  overrides: { first_name?: string; last_name?: string; cartId?: string } = {},
): LoginResponse {
  return {
    session: toCollection([
      {
        identity_id: MEMBER_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        is_public: false,
        expires_at: '2026-06-01T16:00:00.000Z',
      },
    ]),
    identity: toCollection([
      {
        id: MEMBER_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        email: 'ada@example.com',
        first_name: overrides.first_name ?? 'Ada',
        last_name: overrides.last_name ?? 'Lovelace',
        phone: null,
        address: null,
        address_more: null,
        city: null,
        state: null,
        country: null,
        zip_code: '12345',
        is_member: true,
      },
    ]),
    ...(overrides.cartId
      ? { cart: toCollection([{ id: overrides.cartId, state: 'pending' }]) }
      : {}),
  };
}

/** The server's auth indicator cookie, as a login sets it and a logout clears it. */
export function setAuthCookie(): void {
  document.cookie = `${AUTH_INDICATOR_COOKIE}=1; path=/`;
}

export function clearAuthCookie(): void {
  document.cookie = `${AUTH_INDICATOR_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** A login answer that, like the real server, sets the auth cookie on its way. */
export function loggingIn(response: LoginResponse = loginResponse()) {
  return () => {
    setAuthCookie();
    return response;
  };
}

export function seedLoggedIn(overrides: Partial<MemberState> = {}): void {
  const state: MemberState = {
    loggedIn: true,
    identity: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      is_member: true,
    },
    loginFlow: { email: null, token: null, redirectPath: null },
    ...overrides,
  };
  localStorage.setItem(MEMBER_KEY, JSON.stringify(state));
}

export function storedMember(): MemberState | null {
  const raw = localStorage.getItem(MEMBER_KEY);
  return raw ? (JSON.parse(raw) as MemberState) : null;
}
