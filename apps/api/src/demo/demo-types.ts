import type { HiddenType, TICKET_GROUP_HANDLERS, EVENT_TYPES } from '@admit/contracts/resources';
import type { StoredSellerConfig } from '@admit/contracts/seller-config';
import type { ArtName } from './art/art-catalog';

/**
 * The demo catalogue is declared as plain data (demo-museum.ts, harbour-aquarium.ts) and
 * written by write-seller.ts, so a reader sees the whole shop in one place.
 * Money is written as the wire's decimal strings ("25.00") and converted once on insert.
 */

export type OutsideFee =
  | { name: 'fee_fixed_outside'; amount: string }
  /** percent as a decimal string, "8.875" */
  | { name: 'fee_percent_outside'; percent: string };

export interface DemoTicketType {
  key: string;
  name: string;
  amount: string;
  amountMin?: string;
  amountMax?: string;
  description?: string;
  summary?: string;
  fees?: OutsideFee[];
}

export interface DemoTicketGroup {
  key: string;
  name: string;
  handler: (typeof TICKET_GROUP_HANDLERS)[number];
  description?: string;
  summary?: string;
  color?: number;
  hiddenType?: HiddenType;
  /** any-date (flexible) groups: valid from the seed day for `durationNew` */
  startPolicy?: 'fixedfrom' | 'fixedto';
  durationNew?: string;
  minPerOrder?: number;
  maxPerOrder?: number;
  capacity?: number;
  usedCapacity?: number;
  excludeFromEventCapacity?: boolean;
  types: DemoTicketType[];
  meta?: Record<string, unknown>;
}

/**
 * Repeating sessions: `times` (venue wall clock) on each of the next `days` days (day 0 is the
 * venue's today), optionally only on some ISO weekdays. `used` decides the seeded sales so the
 * calendar shows sold-out and low-availability states deterministically.
 */
export interface DemoSchedule {
  kind: 'repeating';
  times: string[];
  days: number;
  weekdays?: number[];
  durationMinutes: number;
  capacity: number;
  used: (day: number, slot: number, capacity: number) => number;
}

/** A single dated session, `dayOffset` days after the venue's today. */
export interface DemoSingleSession {
  kind: 'single';
  dayOffset: number;
  time: string;
  durationMinutes: number;
  capacity: number;
  used: number;
}

export interface DemoEvent {
  key: string;
  name: string;
  subtitle?: string;
  summary?: string;
  /** seller HTML; the storefront sanitizes it */
  description: string;
  category: string;
  eventType: (typeof EVENT_TYPES)[number];
  hiddenType?: HiddenType;
  rank: number;
  art: ArtName;
  coverAlt: string;
  profileAlt: string;
  meta?: Record<string, unknown>;
  /** config rows by key (web.ecommerce, web.price_display) */
  config?: Record<string, unknown>;
  groups: DemoTicketGroup[];
  schedule?: DemoSchedule | DemoSingleSession;
}

export interface DemoSeller {
  slug: string;
  name: string;
  currency: string;
  timezone: string;
  venue: { name: string; address: string };
  logoArt: ArtName;
  faviconArt: ArtName;
  events: DemoEvent[];
  /** people with accounts (demo-accounts.ts) */
  members: DemoAccount[];
  /** the membership program its membership event sells (demo-memberships.ts) */
  membershipProgram?: DemoMembershipProgram;
  /** the seller's stored storefront config; receives the image paths the seed generated */
  config: (images: { logo: string; favicon: string }) => StoredSellerConfig;
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

/** shopping §3 "Membership rule" of a demo level. */
export interface DemoMemberRule {
  role: string;
  min: number;
  max: number;
  named: 'yes' | 'optional' | 'no';
  emailed: 'yes' | 'no' | 'other';
}

/**
 * A membership program sold by a demo event's `membership` group (decision 0032): each level is
 * one of the group's ticket types, with its rules and benefits. Benefit keys are member ticket
 * types as `eventKey/groupKey/typeKey`, or `*` for the wildcard pool.
 */
export interface DemoMembershipProgram {
  name: string;
  termMonths: number;
  renewalDays: number;
  event: string;
  group: string;
  levels: { type: string; benefits: Record<string, number>; rules: DemoMemberRule[] }[];
}
