import { DEMO_PASSWORD } from './demo-accounts';
import type { DemoSeller } from './demo-types';
import { museumConfig } from './demo-museum-config';
import { museumDatedEvents } from './demo-museum-events';
import { museumSupportEvents } from './demo-museum-support';
import { sketchingHour } from './demo-museum-free';

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
      membership: { memberCode: 'DM100001', level: 'Family' },
    },
    // made at a guest checkout: no password yet, so login sends a set-password e-mail
    { email: 'guest@demo-museum.test', firstName: 'Gus', lastName: 'Guest' },
  ],
  config: museumConfig,
};
