import type { DemoEvent } from './demo-types';

/**
 * A free event of the museum: tickets at 0.00 without outside fees, so a cart of them totals
 * nothing and checks out with the `free` gateway, no card (identity §3 payment entry; the e2e
 * spec `checkout-free.test.ts`). A 100 % promo code would not do: codes take a percent of the
 * face value, and the service charge and tax stay (modules/cart/totals.ts).
 */
export const sketchingHour: DemoEvent = {
  key: 'sketching-hour',
  name: 'Sketching in the Arcade',
  subtitle: 'Free · registration required',
  summary: 'Bring a pencil; we lend the boards. An hour of drawing among the lanterns.',
  description:
    '<p>A relaxed drawing hour in the sunlit arcade, led by one of our educators. Free of charge; please register so we can save you a board.</p>',
  category: 'Exhibitions',
  eventType: 'repeating',
  rank: 10,
  art: 'museum-gallery',
  coverAlt: 'Sunlit arches of the museum arcade',
  profileAlt: 'The arcade in morning light',
  meta: { reserve_flow: 'date_first', audience: 'Adults', location: 'Arcade' },
  groups: [
    {
      key: 'free',
      name: 'Free Registration',
      handler: 'tickets',
      color: 6,
      minPerOrder: 1,
      maxPerOrder: 4,
      types: [{ key: 'attendee', name: 'Attendee', amount: '0.00' }],
    },
  ],
  schedule: {
    kind: 'repeating',
    times: ['10:30', '14:00'],
    days: 120,
    durationMinutes: 60,
    capacity: 20,
    used: (day, slot) => (day + slot * 3) % 7,
  },
};
