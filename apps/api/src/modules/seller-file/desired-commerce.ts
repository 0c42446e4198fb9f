import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { toMillipercent, toMinor, wallClock } from './desired-values';
import type { AddRow } from './desired-context';

/**
 * The rows of a file's codes, checkout rules, gift cards and membership programs; `paths` gives
 * the id of each event, group and type key path, `typeNames` each type's name (a level's name).
 */
export function commerceRows(
  file: SellerFile,
  ctx: {
    add: AddRow;
    paths: ReadonlyMap<string, string>;
    typeNames: ReadonlyMap<string, string>;
    zone: string;
  },
): void {
  const { add, paths, typeNames } = ctx;
  const slug = file.seller.slug;
  const sellerZone = ctx.zone;
  const resourceOf = (path: string | undefined) => {
    if (path === undefined) return { resource: null, resourceId: null };
    const depth = path.split('/').length;
    return {
      resource: depth === 1 ? 'event_template' : depth === 2 ? 'ticket_group' : 'ticket_type',
      resourceId: paths.get(path)!,
    };
  };
  for (const c of file.codes ?? []) {
    add('code', c.code.toLowerCase(), `${slug}/code/${c.code}`, `code ${c.code}`, {
      code: c.code,
      kind: 'promo',
      codeGroup: c.code_group ?? null,
      name: c.name,
      description: c.description ?? null,
      discountType: 'percent' in c.discount ? 'percent' : 'fixed',
      discountValue:
        'percent' in c.discount ? toMillipercent(c.discount.percent) : toMinor(c.discount.fixed),
      ...resourceOf(c.applies_to),
      blockingCheckout: c.blocking_checkout ?? false,
      activatingCodeGroups: c.activating_code_groups ?? [],
      maxUses: c.max_uses ?? null,
      validFrom: wallClock(c.valid_from, sellerZone),
      validTo: wallClock(c.valid_to, sellerZone),
    });
  }
  for (const rule of file.checkout_rules ?? []) {
    add(
      'checkout_rule',
      rule.key,
      `${slug}/checkout_rule/${rule.key}`,
      `checkout rule ${rule.key}`,
      {
        ...resourceOf(rule.applies_to),
        blockReason: 'code_required',
        codeGroup: rule.code_group,
        description: rule.description,
      },
    );
  }
  for (const card of file.gift_cards ?? []) {
    add(
      'ledger_card',
      card.number,
      `${slug}/ledger_card/${card.number}`,
      `gift card ${card.number}`,
      { number: card.number, currency: file.seller.currency, state: 'active' },
      { createOnly: { balance: toMinor(card.balance) } },
    );
  }
  for (const program of file.membership_programs ?? []) {
    const programId = add(
      'membership_program',
      program.key,
      `${slug}/membership_program/${program.key}`,
      `membership program ${program.key}`,
      { name: program.name, termMonths: program.term_months, renewalDays: program.renewal_days },
    );
    for (const level of program.levels) {
      const typeId = paths.get(level.ticket_type)!;
      const typeKey = level.ticket_type.split('/')[2]!;
      const benefits = Object.fromEntries(
        Object.entries(level.benefits ?? {}).map(([k, n]) => [k === '*' ? k : paths.get(k)!, n]),
      );
      add(
        'membership_role',
        level.ticket_type,
        `${slug}/membership_role/${typeKey}`,
        `membership level ${level.ticket_type}`,
        {
          membershipProgramId: programId,
          ticketTypeId: typeId,
          name: typeNames.get(level.ticket_type)!,
          benefits,
        },
      );
      level.rules.forEach((rule, rank) => {
        add(
          'membership_rule',
          `${level.ticket_type}/${rule.role}`,
          `${slug}/membership_rule/${typeKey}/${rule.role}`,
          `member rule ${level.ticket_type} ${rule.role}`,
          {
            ticketTypeId: typeId,
            ticketGroupId: paths.get(level.ticket_type.split('/').slice(0, 2).join('/'))!,
            partyRole: rule.role,
            min: rule.min,
            max: rule.max,
            named: rule.named,
            emailed: rule.emailed,
            rank,
          },
        );
      });
    }
  }
}
