import { DEMO_PASSWORD } from './demo-accounts';
import type { DemoSeller } from './demo-types';
import { museumConfig } from './demo-museum-config';
import { museumDatedEvents } from './demo-museum-events';
import { museumSupportEvents } from './demo-museum-support';
import { sketchingHour } from './demo-museum-free';
import { museumMembership } from './demo-museum-membership';

/**
 * Museum of Light & Time (USD, New York, dark theme). Its events live in
 * demo-museum-events.ts (dated), demo-museum-support.ts (membership, donation, gift cards,
 * members-only and link-only events) and demo-museum-free.ts (a free event).
 */

export const MUSEUM_SLUG = 'demo-museum';

export const demoMuseum: DemoSeller = {
  slug: MUSEUM_SLUG,
  name: 'Museum of Light & Time',
  currency: 'USD',
  timezone: 'America/New_York',
  venue: { name: 'Museum of Light & Time', address: '1 Meridian Plaza, New York, NY 10024' },
  logoArt: 'museum-logo',
  faviconArt: 'museum-favicon',
  events: [...museumDatedEvents, ...museumSupportEvents, sketchingHour],
  members: [
    {
      email: 'member@demo-museum.test',
      firstName: 'Mia',
      lastName: 'Member',
      password: DEMO_PASSWORD,
      zipCode: '10001',
      // a current Family membership renewing itself with a saved test card (decision 0038)
      membership: {
        memberCode: 'DM100001',
        level: 'Family',
        startedDaysAgo: 120,
        autoRenew: true,
        savedCard: '4242',
      },
    },
    {
      email: 'renew@demo-museum.test',
      firstName: 'Rhea',
      lastName: 'Renewal',
      password: DEMO_PASSWORD,
      zipCode: '10002',
      // a Dual membership ending in about 25 days: inside its 60-day renewal period
      membership: { memberCode: 'DM100002', level: 'Dual', startedDaysAgo: 340 },
    },
    {
      email: 'lapsed@demo-museum.test',
      firstName: 'Lou',
      lastName: 'Lapsed',
      password: DEMO_PASSWORD,
      zipCode: '10003',
      // an Individual membership that ended about 35 days ago
      membership: { memberCode: 'DM100003', level: 'Individual', startedDaysAgo: 400 },
    },
    // made at a guest checkout: no password yet, so login sends a set-password e-mail
    { email: 'guest@demo-museum.test', firstName: 'Gus', lastName: 'Guest' },
  ],
  membershipProgram: museumMembership,
  config: museumConfig,
};
