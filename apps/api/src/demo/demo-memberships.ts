import type { Db } from '@/db/connection';
import {
  membership,
  membershipProgram,
  membershipRole,
  membershipRule,
} from '@/db/schema/memberships';
import { savedPaymentMethod } from '@/db/schema/payments';
import { firstTerm } from '@/modules/memberships/term';
import { savedSandboxRef, testCardEndingIn } from '@/modules/payments/sandbox-cards';
import { demoAccountId } from './demo-accounts';
import { demoGroupId, demoId, demoTypeId } from './demo-ids';
import type { DemoSeller } from './demo-types';

const DAY_MS = 24 * 3_600_000;
// a seller without a program: its members' terms are a year, like the museum's
const DEFAULT_TERM_MONTHS = 12;

/** The id of a demo level's role, e.g. for tests: `demoRoleId('demo-museum', 'family')`. */
export const demoRoleId = (slug: string, typeKey: string) =>
  demoId(`${slug}/membership_role/${typeKey}`);

/**
 * Writes a demo seller's membership program (levels as roles, their rules and benefits) and
 * its accounts' membership terms, dated from the seed's `now` in the seller's time zone with
 * the term arithmetic the orders use (modules/memberships/term.ts). Runs after the catalogue:
 * levels and benefits name ticket types.
 */
export async function writeDemoMemberships(
  db: Pick<Db, 'insert'>,
  demo: DemoSeller,
  now: Date,
): Promise<void> {
  const sellerId = demoId(`${demo.slug}/seller`);
  const program = demo.membershipProgram;
  const programId = demoId(`${demo.slug}/membership_program`);
  if (program) {
    await db.insert(membershipProgram).values({
      id: programId,
      sellerId,
      name: program.name,
      termMonths: program.termMonths,
      renewalDays: program.renewalDays,
    });
    const levelType = (typeKey: string) =>
      demoTypeId(demo.slug, program.event, program.group, typeKey);
    await db.insert(membershipRole).values(
      program.levels.map((level) => ({
        id: demoRoleId(demo.slug, level.type),
        sellerId,
        membershipProgramId: programId,
        ticketTypeId: levelType(level.type),
        name: nameOf(demo, program, level.type),
        benefits: memberTypeBenefits(demo.slug, level.benefits),
      })),
    );
    await db.insert(membershipRule).values(
      program.levels.flatMap((level) =>
        level.rules.map((rule, rank) => ({
          id: demoId(`${demo.slug}/membership_rule/${level.type}/${rule.role}`),
          sellerId,
          ticketTypeId: levelType(level.type),
          ticketGroupId: demoGroupId(demo.slug, program.event, program.group),
          partyRole: rule.role,
          min: rule.min,
          max: rule.max,
          named: rule.named,
          emailed: rule.emailed,
          rank,
        })),
      ),
    );
  }
  const terms = demo.members.flatMap((m) => {
    if (!m.membership) return [];
    const { memberCode, level, startedDaysAgo, autoRenew } = m.membership;
    const levelDecl = program?.levels.find((l) => nameOf(demo, program, l.type) === level);
    const term = firstTerm(
      new Date(now.getTime() - startedDaysAgo * DAY_MS),
      program?.termMonths ?? DEFAULT_TERM_MONTHS,
      demo.timezone,
    );
    return [
      {
        id: demoId(`${demo.slug}/membership/${memberCode}`),
        sellerId,
        identityId: demoAccountId(demo.slug, m.email),
        memberCode,
        role: level,
        roleId: levelDecl ? demoRoleId(demo.slug, levelDecl.type) : null,
        membershipProgramId: levelDecl ? programId : null,
        autoRenewState: !autoRenew
          ? 'not_enrolled'
          : m.membership.savedCard
            ? 'scheduled'
            : 'requested',
        validFrom: term.validFrom,
        validTo: term.validTo,
        benefits: levelDecl ? memberTypeBenefits(demo.slug, levelDecl.benefits) : {},
      },
    ];
  });
  if (terms.length > 0) await db.insert(membership).values(terms);
  const cards = demo.members.flatMap((m) => {
    const last4 = m.membership?.savedCard;
    if (!last4) return [];
    const identityId = demoAccountId(demo.slug, m.email);
    const card = testCardEndingIn(last4);
    if (!card) throw new Error(`demo: no test card ends in ${last4}`);
    return [
      {
        id: demoId(`${demo.slug}/saved_payment_method/${m.email}`),
        sellerId,
        identityId,
        gateway: 'sandbox',
        customerRef: `cus_sandbox_${identityId}`,
        paymentMethodRef: savedSandboxRef({ outcome: card.outcome, last4 }),
        brand: card.brand,
        last4,
        expMonth: 12,
        expYear: new Date(now).getUTCFullYear() + 5,
        createdAt: now,
      },
    ];
  });
  if (cards.length > 0) await db.insert(savedPaymentMethod).values(cards);
}

/** A level's name: its ticket type's name in the program's group. */
function nameOf(
  demo: DemoSeller,
  program: NonNullable<DemoSeller['membershipProgram']>,
  typeKey: string,
): string {
  const group = demo.events
    .find((e) => e.key === program.event)
    ?.groups.find((g) => g.key === program.group);
  const type = group?.types.find((t) => t.key === typeKey);
  if (!type)
    throw new Error(`demo level ${typeKey} is not a type of ${program.event}/${program.group}`);
  return type.name;
}

/** Benefits keyed by member ticket type ids (a term keeps its level's benefits). */
function memberTypeBenefits(slug: string, benefits: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(benefits).map(([key, n]) => {
      if (key === '*') return [key, n];
      const [eventKey, groupKey, typeKey] = key.split('/') as [string, string, string];
      return [demoTypeId(slug, eventKey, groupKey, typeKey), n];
    }),
  );
}
