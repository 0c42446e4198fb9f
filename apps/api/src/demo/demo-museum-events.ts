import type { DemoEvent, OutsideFee } from './demo-types';

/**
 * The museum's dated events: timed admission (with any-date and member groups), the anchor
 * exhibition, the quantity-first planetarium and the seated concert. Spec: shopping §3.
 */

/** $2.00 service charge plus 8.875 % tax on every museum ticket (shopping §9 fee display). */
export const MUSEUM_FEES: OutsideFee[] = [
  { name: 'fee_fixed_outside', amount: '2.00' },
  { name: 'fee_percent_outside', percent: '8.875' },
];

/** 10:00 to 16:30 every 30 minutes. */
export const ADMISSION_TIMES = Array.from({ length: 14 }, (_, i) => {
  const minutes = 10 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
export const ADMISSION_CAPACITY = 60;
export const SCHEDULE_DAYS = 120;

export const admission: DemoEvent = {
  key: 'general-admission',
  name: 'General Admission',
  subtitle: 'Timed entry to every gallery',
  summary: 'Choose a date and an entry time; stay as long as you like.',
  description:
    '<p>Wander through <strong>five centuries of light</strong>: sundials, lanterns, lenses and the first electric lamps, in galleries arranged along our sunlit arcade.</p><ul><li>Entry every 30 minutes</li><li>Children under 3 enter free</li><li>Step-free access throughout</li></ul>',
  category: 'Admission',
  eventType: 'repeating',
  rank: 1,
  art: 'museum-gallery',
  coverAlt: 'Sunlit arches of the museum arcade with visitors looking at paintings',
  profileAlt: 'Visitors in the lit gallery arcade',
  meta: {
    reserve_flow: 'date_first',
    audience: 'Families',
    location: 'Main Hall',
    ticket_date_time: 'show-end',
  },
  config: {
    'web.ecommerce': {
      hide_sold_out_sessions: false,
      session_picker_tabs: [
        { label: 'Morning', start: '0000', end: '1200' },
        { label: 'Afternoon', start: '1200', end: '2400' },
      ],
    },
    'web.price_display': {
      primary_ticket_type: 'Adult',
      primary_prefix: 'Adults',
      secondary_ticket_type: 'Child',
      secondary_prefix: 'Children',
    },
  },
  groups: [
    {
      key: 'timed',
      name: 'Timed Admission',
      handler: 'tickets',
      color: 1,
      minPerOrder: 1,
      maxPerOrder: 20,
      meta: { admit_names: 'disabled' },
      types: [
        { key: 'adult', name: 'Adult', amount: '25.00', fees: MUSEUM_FEES },
        {
          key: 'child',
          name: 'Child',
          amount: '12.00',
          description: 'Ages 3 to 12',
          fees: MUSEUM_FEES,
        },
        {
          key: 'senior',
          name: 'Senior',
          amount: '18.00',
          description: 'Ages 65 and over',
          fees: MUSEUM_FEES,
        },
      ],
    },
    {
      key: 'member',
      name: 'Member Admission',
      handler: 'tickets',
      color: 2,
      hiddenType: 'public_member_only',
      maxPerOrder: 6,
      types: [
        { key: 'member-adult', name: 'Member Adult', amount: '0.00' },
        { key: 'member-child', name: 'Member Child', amount: '0.00' },
      ],
    },
    {
      key: 'any-date',
      name: 'Any-Date Admission',
      summary: 'Visit on any open day within a year.',
      handler: 'passes',
      color: 3,
      startPolicy: 'fixedfrom',
      durationNew: 'P1Y',
      excludeFromEventCapacity: true,
      types: [
        { key: 'anytime-adult', name: 'Anytime Adult', amount: '30.00', fees: MUSEUM_FEES },
        { key: 'anytime-child', name: 'Anytime Child', amount: '15.00', fees: MUSEUM_FEES },
      ],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ADMISSION_TIMES,
    days: SCHEDULE_DAYS,
    durationMinutes: 30,
    capacity: ADMISSION_CAPACITY,
    used: (day, slot, capacity) => {
      // the one sold-out session: tomorrow 10:00
      if (day === 1 && slot === 0) return capacity;
      // spec: shopping §2 — "Hurry, less than 10 tickets available." on a few sessions this week
      if (day <= 6 && slot % 4 === 1) return capacity - 3 - ((day + slot) % 6);
      return (day * 7 + slot * 11) % 30;
    },
  },
};

export const exhibition: DemoEvent = {
  key: 'chronos-exhibition',
  name: 'Chronos: The Art of Measuring Time',
  subtitle: 'Special exhibition · add to your admission',
  summary: 'Two hundred clocks, one prism, and the story of how we learned to split the day.',
  description:
    '<p>Our special exhibition gathers astronomical clocks, hourglasses and a working <em>Newton prism</em>. Exhibition tickets are an add-on: you need a General Admission ticket for the same visit.</p>',
  category: 'Exhibitions',
  eventType: 'repeating',
  rank: 2,
  art: 'museum-exhibition',
  coverAlt: 'A glass prism splitting a beam of white light into a spectrum',
  profileAlt: 'A prism and a rainbow of light',
  meta: {
    reserve_flow: 'date_first',
    tickets_must_match_anchor_tickets: true,
    audience: 'Adults',
    location: 'Gallery Wing',
  },
  groups: [
    {
      key: 'exhibition',
      name: 'Exhibition Add-on',
      handler: 'tickets',
      color: 4,
      maxPerOrder: 20,
      types: [
        { key: 'adult', name: 'Adult', amount: '8.00', fees: MUSEUM_FEES },
        { key: 'child', name: 'Child', amount: '5.00', fees: MUSEUM_FEES },
        { key: 'senior', name: 'Senior', amount: '6.00', fees: MUSEUM_FEES },
      ],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['11:00', '12:00', '13:00', '14:00', '15:00'],
    days: SCHEDULE_DAYS,
    durationMinutes: 60,
    capacity: 40,
    used: (day, slot) => (day * 3 + slot * 7) % 20,
  },
};

export const planetarium: DemoEvent = {
  key: 'cosmic-nights',
  name: 'Cosmic Nights: A Journey Through the Stars',
  subtitle: 'Planetarium show · 35 minutes',
  summary: 'Recline under the dome for a guided tour of tonight’s sky.',
  description:
    '<p>Only twelve seats per show, so pick your party size first and we will find the times that fit.</p><script>console.log("seller script: must never run")</script><p>Recommended for ages 6 and up.</p>',
  category: 'Shows',
  eventType: 'repeating',
  rank: 3,
  art: 'museum-planetarium',
  coverAlt: 'A ringed planet and nebulae above the planetarium audience',
  profileAlt: 'Starfield and ringed planet in the dome',
  meta: { reserve_flow: 'quantity_first', audience: 'Families', location: 'Dome' },
  groups: [
    {
      key: 'dome',
      name: 'Dome Seating',
      handler: 'tickets',
      color: 5,
      maxPerOrder: 8,
      types: [
        { key: 'adult', name: 'Adult', amount: '10.00', fees: MUSEUM_FEES },
        { key: 'child', name: 'Child', amount: '7.00', fees: MUSEUM_FEES },
      ],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['11:00', '13:00', '14:30', '16:00'],
    days: SCHEDULE_DAYS,
    durationMinutes: 35,
    capacity: 12,
    used: (day, slot) => (day * 5 + slot * 3) % 9,
  },
};

export const concert: DemoEvent = {
  key: 'evening-of-light-concert',
  name: 'Evening of Light: Chamber Orchestra',
  subtitle: 'One night only · reserved seating',
  summary: 'Baroque and minimalist works performed beneath the arcade.',
  description:
    '<p>The Meridian Chamber Orchestra plays Vivaldi, Pärt and Glass by candlelight. Doors open 30 minutes before the performance.</p>',
  category: 'Music',
  eventType: 'single',
  rank: 4,
  art: 'museum-concert',
  coverAlt: 'Coloured stage lights over a concert audience',
  profileAlt: 'Stage lights and the orchestra silhouette',
  meta: { audience: 'Adults', location: 'Main Hall' },
  groups: [
    {
      key: 'seated',
      name: 'Reserved Seating',
      handler: 'seated',
      color: 6,
      maxPerOrder: 10,
      types: [
        { key: 'orchestra', name: 'Orchestra', amount: '65.00', fees: MUSEUM_FEES },
        { key: 'balcony', name: 'Balcony', amount: '45.00', fees: MUSEUM_FEES },
      ],
    },
  ],
  schedule: {
    kind: 'single',
    dayOffset: 24,
    time: '19:30',
    durationMinutes: 150,
    capacity: 120,
    used: 37,
  },
};

export const museumDatedEvents: DemoEvent[] = [admission, exhibition, planetarium, concert];
