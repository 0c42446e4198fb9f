import type { DemoEvent } from './demo-types';

/**
 * The museum's non-timed products (membership, donation, gift cards) and its two restricted
 * events: a members-only preview (public_member_only) and a link-only group tour.
 */

const membership: DemoEvent = {
  key: 'membership',
  name: 'Become a Member',
  subtitle: 'Free admission all year, member previews and more',
  summary: 'Three levels, from solo explorers to the whole family.',
  description:
    '<p>Members enter free every day, skip the line, get invitations to <strong>Members’ Evening Previews</strong> and 10% off in the shop.</p><ul><li><strong>Individual</strong>: one named member</li><li><strong>Dual</strong>: two named adults</li><li><strong>Family</strong>: two adults and up to four children</li></ul>',
  category: 'Support',
  eventType: 'other',
  rank: 5,
  art: 'museum-membership',
  coverAlt: 'A golden museum membership card',
  profileAlt: 'Membership card with the arch emblem',
  meta: { audience: 'Families' },
  groups: [
    {
      key: 'levels',
      name: 'Membership Levels',
      handler: 'membership',
      color: 7,
      // each member is a ticket of the level (decision 0032): no per-order maximum here, the
      // level's rules bound its members (demo-museum-membership.ts)
      minPerOrder: 1,
      types: [
        { key: 'individual', name: 'Individual', amount: '75.00', summary: '1 member' },
        { key: 'dual', name: 'Dual', amount: '120.00', summary: '2 adult members' },
        {
          key: 'family',
          name: 'Family',
          amount: '180.00',
          summary: '2 adults and up to 4 children',
        },
      ],
    },
  ],
};

const donation: DemoEvent = {
  key: 'donation',
  name: 'Support the Museum',
  subtitle: 'Every gift keeps the lights on',
  summary: 'Give any amount from $5 to $10,000.',
  description:
    '<p>Your donation funds conservation, free school visits and late openings. Donations are tax-deductible to the extent allowed by law.</p>',
  category: 'Support',
  eventType: 'other',
  rank: 6,
  art: 'museum-donation',
  coverAlt: 'A golden heart inside soft concentric rings',
  profileAlt: 'Golden heart',
  groups: [
    {
      key: 'donation',
      name: 'Donation',
      handler: 'donation',
      color: 8,
      minPerOrder: 1,
      maxPerOrder: 1,
      types: [
        {
          key: 'gift',
          name: 'Donation',
          amount: '25.00',
          amountMin: '5.00',
          amountMax: '10000.00',
        },
      ],
    },
  ],
};

const giftCards: DemoEvent = {
  key: 'gift-cards',
  name: 'Gift Cards',
  subtitle: 'Give the gift of light',
  summary: 'Redeemable for admission, shows, concerts and membership.',
  description: '<p>Gift cards never expire and can be used online or at the front desk.</p>',
  category: 'Support',
  eventType: 'other',
  rank: 7,
  art: 'museum-gift-card',
  coverAlt: 'A museum gift card tied with a ribbon',
  profileAlt: 'Gift card with ribbon',
  groups: [
    {
      key: 'ledger',
      name: 'Gift Cards',
      handler: 'ledger',
      color: 9,
      minPerOrder: 1,
      maxPerOrder: 1,
      types: [
        { key: 'gc-25', name: '$25 Gift Card', amount: '25.00' },
        { key: 'gc-50', name: '$50 Gift Card', amount: '50.00' },
        { key: 'gc-100', name: '$100 Gift Card', amount: '100.00' },
        {
          key: 'gc-custom',
          name: 'Gift Card (choose amount)',
          amount: '75.00',
          amountMin: '10.00',
          amountMax: '500.00',
        },
      ],
    },
  ],
};

const membersEvening: DemoEvent = {
  key: 'members-evening',
  name: 'Members’ Evening Preview',
  subtitle: 'Thursday evenings, members only',
  summary: 'After-hours access to the galleries, with a curator’s talk.',
  description:
    '<p>Bring a guest and see the galleries by lantern light. Members and their guests only.</p>',
  category: 'Exhibitions',
  eventType: 'repeating',
  hiddenType: 'public_member_only',
  rank: 8,
  art: 'museum-members-evening',
  coverAlt: 'The museum arcade at night lit by lanterns',
  profileAlt: 'Night-time arcade with lanterns',
  meta: { reserve_flow: 'date_first', audience: 'Adults', location: 'Main Hall' },
  groups: [
    {
      key: 'preview',
      name: 'Member Preview',
      handler: 'tickets',
      color: 10,
      hiddenType: 'public_member_only',
      maxPerOrder: 4,
      types: [
        { key: 'member', name: 'Member', amount: '0.00' },
        { key: 'guest', name: 'Member Guest', amount: '10.00' },
      ],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['18:00', '19:00'],
    days: 120,
    weekdays: [4],
    durationMinutes: 120,
    capacity: 80,
    used: (day, slot) => (day + slot * 5) % 15,
  },
};

const groupTour: DemoEvent = {
  key: 'private-group-tour',
  name: 'Private Group Tour',
  subtitle: 'By invitation link only',
  summary: 'A 90-minute guided tour for up to 15 guests.',
  description:
    '<p>This page is shared with booked groups only; it does not appear in the listing.</p>',
  category: 'Admission',
  eventType: 'repeating',
  hiddenType: 'public_link_only',
  rank: 9,
  art: 'museum-group-tour',
  coverAlt: 'Warmly lit gallery arches with a tour group',
  profileAlt: 'Tour group in the gallery',
  meta: { reserve_flow: 'date_first', audience: 'Adults', location: 'Gallery Wing' },
  groups: [
    {
      key: 'group',
      name: 'Group Tour',
      handler: 'tickets',
      color: 11,
      minPerOrder: 1,
      maxPerOrder: 1,
      types: [{ key: 'group', name: 'Group (up to 15 guests)', amount: '250.00' }],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['11:00'],
    days: 120,
    weekdays: [2, 4],
    durationMinutes: 90,
    capacity: 4,
    used: (day) => day % 3,
  },
};

export const museumSupportEvents: DemoEvent[] = [
  membership,
  donation,
  giftCards,
  membersEvening,
  groupTour,
];
