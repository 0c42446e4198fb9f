import type { SellerFile } from '@admit/contracts/seller-file/seller-file';

/**
 * A demo seller: its catalogue is a seller file (sellers/*.yaml, imported on every seed through
 * the import of `npm run seller -- import`, decision 0041); what is not catalogue — accounts,
 * their memberships and orders, the seeded sales — is this demo code's.
 */
export interface DemoSeller {
  slug: string;
  name: string;
  currency: string;
  timezone: string;
  /** the seller file and where it lies (its pictures are beside it) */
  file: SellerFile;
  path: string;
  /** people with accounts (demo-accounts.ts) */
  members: DemoAccount[];
}

/** A demo person: a password-less account is a guest account (identity §8 guest_account). */
export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
  zipCode?: string;
  membership?: DemoAccountMembership;
}

/**
 * A demo account's membership: its term began `startedDaysAgo` days before the seed's `now`
 * (SEED_NOW), so whether it is current, in its renewal period or lapsed never depends on the day
 * the demo runs.
 */
export interface DemoAccountMembership {
  memberCode: string;
  /** a level of the seller's program (or just a name, for a seller without one) */
  level: string;
  startedDaysAgo: number;
  /** the payment entry asked for auto-renew (stored as `requested`, decision 0032) */
  autoRenew?: boolean;
  /**
   * a saved sandbox test card (its last four digits, README "Test cards"): with `autoRenew` the
   * term is `scheduled` and the auto-renew job charges it (decision 0038)
   */
  savedCard?: string;
}
