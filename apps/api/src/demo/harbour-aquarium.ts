import { DEMO_PASSWORD } from './demo-accounts';
import type { DemoEvent, DemoSeller, OutsideFee } from './demo-types';
import { aquariumConfig } from './harbour-aquarium-config';

/**
 * Harbour Aquarium (GBP, London, light theme): timed admission, a daily penguin feeding talk,
 * a small behind-the-scenes tour, gift cards and a donation. UK prices include VAT, so the
 * only outside fee is a booking fee.
 */

export const AQUARIUM_SLUG = 'harbour-aquarium';

const BOOKING_FEE: OutsideFee[] = [{ name: 'fee_fixed_outside', amount: '1.50' }];

/** 09:30 to 16:00 every 30 minutes. */
const ENTRY_TIMES = Array.from({ length: 14 }, (_, i) => {
  const minutes = 9 * 60 + 30 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const admission: DemoEvent = {
  key: 'aquarium-admission',
  name: 'Aquarium Entry',
  subtitle: 'Timed entry to all zones',
  summary: 'Forty tanks, an underwater tunnel and the rock-pool touch zone.',
  description:
    '<p>Walk beneath sharks and rays in our <strong>ocean tunnel</strong>, then meet the locals of the harbour in the rock pools.</p><p>Under-3s go free; carers of disabled visitors enter free with a Concession ticket holder.</p>',
  category: 'Admission',
  eventType: 'repeating',
  rank: 1,
  art: 'aquarium-tank',
  coverAlt: 'A bright aquarium tank with a school of yellow fish and sunlight rays',
  profileAlt: 'Fish swimming in sunlit water',
  meta: { reserve_flow: 'date_first', audience: 'Families', location: 'Ocean Hall' },
  groups: [
    {
      key: 'entry',
      name: 'Timed Entry',
      handler: 'tickets',
      color: 1,
      minPerOrder: 1,
      maxPerOrder: 20,
      types: [
        { key: 'adult', name: 'Adult', amount: '22.00', fees: BOOKING_FEE },
        {
          key: 'child',
          name: 'Child',
          amount: '14.00',
          description: 'Ages 3 to 15',
          fees: BOOKING_FEE,
        },
        {
          key: 'concession',
          name: 'Concession',
          amount: '18.00',
          description: 'Students, over-65s and disabled visitors',
          fees: BOOKING_FEE,
        },
      ],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ENTRY_TIMES,
    days: 120,
    durationMinutes: 30,
    capacity: 80,
    used: (day, slot, capacity) =>
      day <= 3 && slot === 6 ? capacity - 5 - day : (day * 5 + slot * 13) % 40,
  },
};

const penguins: DemoEvent = {
  key: 'penguin-feeding',
  name: 'Penguin Feeding Talk',
  subtitle: 'Meet the colony at lunchtime',
  summary: 'Our keepers feed the Gentoo colony and answer your questions.',
  description:
    '<p>Reserve a terrace spot for the 20-minute talk at Penguin Beach; keepers answer questions after the feed.</p>',
  category: 'Talks',
  eventType: 'repeating',
  rank: 2,
  art: 'aquarium-penguins',
  coverAlt: 'Five penguins standing on an ice floe under a pale sun',
  profileAlt: 'Penguins on the ice',
  meta: { reserve_flow: 'date_first', audience: 'Families', location: 'Penguin Beach' },
  groups: [
    {
      key: 'talk',
      name: 'Talk Spaces',
      handler: 'tickets',
      color: 2,
      maxPerOrder: 10,
      types: [
        { key: 'adult', name: 'Adult', amount: '4.00', fees: BOOKING_FEE },
        { key: 'child', name: 'Child', amount: '3.00', fees: BOOKING_FEE },
      ],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['11:30', '14:30'],
    days: 120,
    durationMinutes: 20,
    capacity: 30,
    used: (day, slot) => (day * 3 + slot * 11) % 22,
  },
};

const backstage: DemoEvent = {
  key: 'behind-the-scenes',
  name: 'Behind-the-Scenes Tour',
  subtitle: 'Small groups of eight',
  summary: 'See the quarantine tanks, the coral nursery and the food prep kitchen.',
  description:
    '<p>A 75-minute tour with a keeper. Suitable for ages 8 and over; closed-toe shoes required.</p>',
  category: 'Tours',
  eventType: 'repeating',
  rank: 3,
  art: 'aquarium-backstage',
  coverAlt: 'Back-of-house aquarium tanks and pipes with a keeper',
  profileAlt: 'Keeper beside the holding tanks',
  meta: { reserve_flow: 'quantity_first', audience: 'Adults', location: 'Back of House' },
  groups: [
    {
      key: 'tour',
      name: 'Tour Places',
      handler: 'tickets',
      color: 3,
      maxPerOrder: 8,
      types: [{ key: 'place', name: 'Tour Place', amount: '45.00', fees: BOOKING_FEE }],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['10:30', '15:00'],
    days: 120,
    durationMinutes: 75,
    capacity: 8,
    used: (day, slot) => (day + slot * 3) % 6,
  },
};

const giftCards: DemoEvent = {
  key: 'gift-cards',
  name: 'Gift Cards',
  subtitle: 'An ocean of choice',
  summary: 'Spend on entry, tours and talks.',
  description: '<p>Valid for two years from purchase.</p>',
  category: 'Support',
  eventType: 'other',
  rank: 4,
  art: 'aquarium-gift-card',
  coverAlt: 'A navy aquarium gift card with an orange ribbon',
  profileAlt: 'Aquarium gift card',
  groups: [
    {
      key: 'ledger',
      name: 'Gift Cards',
      handler: 'ledger',
      color: 4,
      minPerOrder: 1,
      maxPerOrder: 1,
      types: [
        { key: 'gc-20', name: '£20 Gift Card', amount: '20.00' },
        { key: 'gc-50', name: '£50 Gift Card', amount: '50.00' },
        { key: 'gc-100', name: '£100 Gift Card', amount: '100.00' },
      ],
    },
  ],
};

const donation: DemoEvent = {
  key: 'donation',
  name: 'Protect Our Seas',
  subtitle: 'Support our sea turtle rescue',
  summary: 'Give from £5 to £10,000.',
  description:
    '<p>Every pound goes to rescue, rehabilitation and release of stranded sea turtles.</p>',
  category: 'Support',
  eventType: 'other',
  rank: 5,
  art: 'aquarium-donation',
  coverAlt: 'A green sea turtle swimming through sunlit water',
  profileAlt: 'Sea turtle',
  groups: [
    {
      key: 'donation',
      name: 'Donation',
      handler: 'donation',
      color: 5,
      minPerOrder: 1,
      maxPerOrder: 1,
      types: [
        {
          key: 'gift',
          name: 'Donation',
          amount: '10.00',
          amountMin: '5.00',
          amountMax: '10000.00',
        },
      ],
    },
  ],
};

export const harbourAquarium: DemoSeller = {
  slug: AQUARIUM_SLUG,
  name: 'Harbour Aquarium',
  currency: 'GBP',
  timezone: 'Europe/London',
  venue: { name: 'Harbour Aquarium', address: 'Quayside Walk, Bristol BS1 4RN' },
  logoArt: 'aquarium-logo',
  faviconArt: 'aquarium-favicon',
  events: [admission, penguins, backstage, giftCards, donation],
  members: [
    {
      email: 'visitor@harbour-aquarium.test',
      firstName: 'Vic',
      lastName: 'Visitor',
      password: DEMO_PASSWORD,
      // the aquarium logs members in by member ID and last name (identity §6)
      membership: { memberCode: 'HA100001', level: 'Explorer', startedDaysAgo: 180 },
    },
  ],
  config: aquariumConfig,
};
