/** Test helpers of the seller-file suites (decision 0041). */

/**
 * A small seller file: one venue, one repeating event of one ticket type, sessions at 11:00
 * from a daily rule `ahead_days` ahead, with `closed` dates when given.
 */
export function tourShopFile(
  options: {
    slug?: string;
    name?: string;
    amount?: string;
    aheadDays?: number;
    closed?: string[];
  } = {},
): string {
  const { slug = 'small-shop', name = 'Small Shop', amount = '12.50', aheadDays = 30 } = options;
  const closed = options.closed ? `        closed: ${JSON.stringify(options.closed)}\n` : '';
  return `seller:
  slug: ${slug}
  name: ${name}
  currency: EUR
  timezone: Europe/Dublin
venues:
  - key: main
    name: The Shop
events:
  - key: tours
    name: Tours
    type: repeating
    ticket_groups:
      - key: tour
        name: Tour
        ticket_types:
          - key: adult
            name: Adult
            amount: "${amount}"
    session_rules:
      - key: daily
        times: ["11:00"]
        duration_minutes: 60
        capacity: 10
        ahead_days: ${aheadDays}
${closed}`;
}
