import { createContext, useContext } from 'react';
import type { LoginResponse } from '@admit/contracts/identity';

/**
 * What the login steps need from whoever shows them. The login dialog renders on the modal
 * stack, outside the router, so links and the redirect after success go through here rather
 * than through router hooks.
 */
export interface LoginFlowContextValue {
  /** navigates inside the storefront (router path without the seller base) */
  go: (to: string) => void;
  /** the address of a storefront path, for the `href` of links */
  href: (to: string) => string;
  /** where to go after the login (router path); stored with a passcode request */
  redirectPath: string;
  /**
   * the router path a passcode's magic link opens (the server adds `otp`): the login route, or
   * the current page with `login` for the dialog (identity §2 Login, rule 6)
   */
  magicLinkPath: string;
  /**
   * Runs a login call with the visitor's cart id, applies the result (member state, cart rules,
   * refreshed reads) and leaves the flow, to `redirectPath` when given.
   */
  finish: (
    call: (cartId: string | undefined) => Promise<LoginResponse>,
    redirectPath?: string | null,
  ) => Promise<void>;
}

export const LoginFlowContext = createContext<LoginFlowContextValue | null>(null);

export function useLoginFlowContext(): LoginFlowContextValue {
  const value = useContext(LoginFlowContext);
  if (!value) throw new Error('login steps must render inside <LoginFlowContext>');
  return value;
}
