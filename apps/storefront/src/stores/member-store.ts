import { getSellerSlug } from '@/config/seller-slug';
import { createPersistedStore, usePersistedStore } from '@/stores/persisted-store';

/** Who is logged in, as the storefront shows it (identity §3 "Identity fields for the account"). */
export interface MemberIdentity {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  is_member: boolean;
}

/**
 * identity §3 "Login flow data": what a passcode login needs if its magic link opens later (in
 * this tab or another one of the same browser).
 */
export interface LoginFlowData {
  email: string | null;
  token: string | null;
  /** router path (without the seller base) to go to after the login */
  redirectPath: string | null;
}

export interface MemberState {
  loggedIn: boolean;
  identity: MemberIdentity | null;
  loginFlow: LoginFlowData;
}

const EMPTY_LOGIN_FLOW: LoginFlowData = { email: null, token: null, redirectPath: null };

export const LOGGED_OUT: MemberState = {
  loggedIn: false,
  identity: null,
  loginFlow: EMPTY_LOGIN_FLOW,
};

export function memberStorageKey(sellerSlug: string): string {
  return `admit:${sellerSlug}:member`;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function parseIdentity(raw: unknown): MemberIdentity | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  return {
    first_name: text(value.first_name),
    last_name: text(value.last_name),
    email: text(value.email),
    is_member: value.is_member === true,
  };
}

function parseMemberState(raw: unknown): MemberState {
  if (typeof raw !== 'object' || raw === null) return LOGGED_OUT;
  const value = raw as Record<string, unknown>;
  const flow = (typeof value.loginFlow === 'object' && value.loginFlow) || {};
  const { email, token, redirectPath } = flow as Record<string, unknown>;
  const identity = parseIdentity(value.identity);
  return {
    // a logged-in state without the identity it belongs to is not trusted
    loggedIn: value.loggedIn === true && identity !== null,
    identity,
    loginFlow: { email: text(email), token: text(token), redirectPath: text(redirectPath) },
  };
}

// spec: shopping §1 — member state persists to local storage and syncs across tabs; storage
// errors are tolerated silently (persisted-store.ts)
const memberStore = createPersistedStore(
  () => memberStorageKey(getSellerSlug() ?? 'storefront'),
  parseMemberState,
);

export function getMemberState(): MemberState {
  return memberStore.get();
}

export function useMemberState(): MemberState {
  return usePersistedStore(memberStore);
}

/** Calls `listener` when another tab logged in or out. */
export function onMemberChangedInOtherTab(listener: () => void): () => void {
  return memberStore.subscribeOtherTabs(listener);
}

/** A login succeeded: the flow data has done its job and is forgotten. */
export function setLoggedIn(identity: MemberIdentity): void {
  memberStore.set({ loggedIn: true, identity, loginFlow: EMPTY_LOGIN_FLOW });
}

/** Logout or session end: nothing of the member is kept. */
export function clearMember(): void {
  const state = memberStore.get();
  if (state.loggedIn || state.identity || state.loginFlow.token) memberStore.set(LOGGED_OUT);
}

export function setLoginFlow(loginFlow: LoginFlowData): void {
  memberStore.set({ ...memberStore.get(), loginFlow });
}

export function clearLoginFlow(): void {
  memberStore.set({ ...memberStore.get(), loginFlow: EMPTY_LOGIN_FLOW });
}
