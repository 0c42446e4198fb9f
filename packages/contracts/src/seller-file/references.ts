import type { z } from 'zod';
import { sessionPriceTypePath, typePathsOf } from './catalogue';
import { checkSeatReferences } from './seat-references';
import type { SellerFile } from './seller-file';

/**
 * The checks of a seller file that one field cannot make on its own: keys are unique where they
 * name something, and every key a field refers to exists (venue, payment plan, `applies_to`,
 * membership levels and benefits, the settings' event and group keys). Each problem is an issue
 * at the path of the field at fault, so the error names its line.
 */
export function checkReferences(file: SellerFile, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const unique = <T>(list: T[] | undefined, keyOf: (t: T) => string, path: (string | number)[]) => {
    const seen = new Set<string>();
    (list ?? []).forEach((item, i) => {
      const key = keyOf(item).toLowerCase();
      if (seen.has(key)) issue([...path, i], `duplicate key ${keyOf(item)}`);
      seen.add(key);
    });
  };

  unique(file.venues, (v) => v.key, ['venues']);
  unique(file.events, (e) => e.key, ['events']);
  unique(file.codes, (c) => c.code, ['codes']);
  unique(file.checkout_rules, (r) => r.key, ['checkout_rules']);
  unique(file.gift_cards, (g) => g.number, ['gift_cards']);
  unique(file.payment_plans, (p) => p.key, ['payment_plans']);
  unique(file.membership_programs, (p) => p.key, ['membership_programs']);

  const venues = new Set(file.venues.map((v) => v.key));
  const plans = new Set((file.payment_plans ?? []).map((p) => p.key));
  const paths = new Map<string, string | undefined>(); // key path → group handler
  (file.events ?? []).forEach((event, e) => {
    const at = ['events', e];
    paths.set(event.key, undefined);
    if (event.venue !== undefined && !venues.has(event.venue)) {
      issue([...at, 'venue'], `no venue has the key ${event.venue}`);
    }
    if (event.venue === undefined && file.venues.length > 1) {
      issue(at, 'name its venue: the file has more than one');
    }
    unique(event.ticket_groups, (g) => g.key, [...at, 'ticket_groups']);
    unique([...(event.session_rules ?? []), ...(event.sessions ?? [])], (s) => s.key, [
      ...at,
      'sessions',
    ]);
    // decision 0043: a session price names one ticket type of the event by its key
    const typePaths = typePathsOf(event);
    const checkPrices = (kind: string, list: { prices?: Record<string, unknown> }[] | undefined) =>
      (list ?? []).forEach((item, i) => {
        for (const key of Object.keys(item.prices ?? {})) {
          if (sessionPriceTypePath(typePaths, key) !== null) continue;
          const many = typePaths.filter((p) => p.endsWith(`/${key}`)).length > 1;
          issue(
            [...at, kind, i, 'prices', key],
            many
              ? `more than one ticket type of ${event.key} has the key ${key}`
              : `no ticket type of ${event.key} has the key ${key}`,
          );
        }
      });
    checkPrices('session_rules', event.session_rules);
    checkPrices('sessions', event.sessions);
    (event.ticket_groups ?? []).forEach((group, g) => {
      paths.set(`${event.key}/${group.key}`, group.handler ?? 'tickets');
      if (group.payment_plan !== undefined && !plans.has(group.payment_plan)) {
        issue(
          [...at, 'ticket_groups', g, 'payment_plan'],
          `no payment plan has the key ${group.payment_plan}`,
        );
      }
      unique(group.ticket_types, (t) => t.key, [...at, 'ticket_groups', g, 'ticket_types']);
      for (const type of group.ticket_types)
        paths.set(`${event.key}/${group.key}/${type.key}`, undefined);
    });
  });

  const refer = (path: (string | number)[], keyPath: string | null | undefined, depth?: number) => {
    if (keyPath == null) return;
    if (!paths.has(keyPath) || (depth !== undefined && keyPath.split('/').length !== depth)) {
      const what =
        depth === 1
          ? 'event'
          : depth === 2
            ? 'ticket group'
            : depth === 3
              ? 'ticket type'
              : 'event, group or type';
      issue(path, `no ${what} has the key ${keyPath}`);
    }
  };
  (file.codes ?? []).forEach((c, i) => refer(['codes', i, 'applies_to'], c.applies_to));
  (file.checkout_rules ?? []).forEach((r, i) =>
    refer(['checkout_rules', i, 'applies_to'], r.applies_to),
  );
  const levels = new Set<string>();
  (file.membership_programs ?? []).forEach((program, p) => {
    program.levels.forEach((level, l) => {
      const at = ['membership_programs', p, 'levels', l];
      refer([...at, 'ticket_type'], level.ticket_type, 3);
      const group = level.ticket_type.split('/').slice(0, 2).join('/');
      if (paths.has(level.ticket_type) && paths.get(group) !== 'membership') {
        issue(
          [...at, 'ticket_type'],
          'a level is a ticket type of a group with handler membership',
        );
      }
      if (levels.has(level.ticket_type))
        issue([...at, 'ticket_type'], `${level.ticket_type} is already a level`);
      levels.add(level.ticket_type);
      for (const key of Object.keys(level.benefits ?? {})) {
        if (key !== '*') refer([...at, 'benefits', key], key, 3);
      }
      unique(level.rules, (r) => r.role, [...at, 'rules']);
    });
  });

  checkSeatReferences(file, ctx);

  const settings = file.seller.settings;
  if (!settings) return;
  const s = ['seller', 'settings'];
  (settings.anchor_events ?? []).forEach((key, i) => refer([...s, 'anchor_events', i], key, 1));
  refer([...s, 'admission_event'], settings.admission_event, 1);
  refer([...s, 'membership', 'event'], settings.membership?.event, 1);
  refer([...s, 'checkout', 'donation_group'], settings.checkout?.donation_group, 2);
}
