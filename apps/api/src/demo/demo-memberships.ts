import type { Db } from '@/db/connection';
import { eq } from 'drizzle-orm';
import { membership, membershipProgram, membershipRole } from '@/db/schema/memberships';
import { savedPaymentMethod } from '@/db/schema/payments';
import { firstTerm } from '@/modules/memberships/term';
import { savedSandboxRef, testCardEndingIn } from '@/modules/payments/sandbox-cards';
import { demoAccountId } from './demo-accounts';
import { demoId } from './demo-ids';
import type { DemoSeller } from './demo-types';

const DAY_MS = 24 * 3_600_000;
// a seller without a program: its members' terms are a year, like the museum's
const DEFAULT_TERM_MONTHS = 12;

/** The id of a demo level's role, e.g. for tests: `demoRoleId('demo-museum', 'family')`. */
export const demoRoleId = (slug: string, typeKey: string) =>
  demoId(`${slug}/membership_role/${typeKey}`);

/**
 * Writes the membership terms of a demo seller's accounts (its program, levels, rules and
 * benefits come from its seller file), dated from the seed's `now` in the seller's time zone
 * with the term arithmetic the orders use (modules/memberships/term.ts), and the saved card of
 * an account that renews itself. Runs after the import: a term names its level.
 */
export async function writeDemoMemberships(
  db: Pick<Db, 'insert' | 'select'>,
  demo: DemoSeller,
  now: Date,
): Promise<void> {
  const sellerId = demoId(`${demo.slug}/seller`);
  const levels = await db
    .select({
      id: membershipRole.id,
      name: membershipRole.name,
      benefits: membershipRole.benefits,
      programId: membershipRole.membershipProgramId,
      termMonths: membershipProgram.termMonths,
    })
    .from(membershipRole)
    .innerJoin(membershipProgram, eq(membershipProgram.id, membershipRole.membershipProgramId))
    .where(eq(membershipRole.sellerId, sellerId));
  const terms = demo.members.flatMap((m) => {
    if (!m.membership) return [];
    const { memberCode, level, startedDaysAgo, autoRenew } = m.membership;
    const role = levels.find((l) => l.name === level);
    const term = firstTerm(
      new Date(now.getTime() - startedDaysAgo * DAY_MS),
      role?.termMonths ?? DEFAULT_TERM_MONTHS,
      demo.timezone,
    );
    return [
      {
        id: demoId(`${demo.slug}/membership/${memberCode}`),
        sellerId,
        identityId: demoAccountId(demo.slug, m.email),
        memberCode,
        role: level,
        roleId: role?.id ?? null,
        membershipProgramId: role?.programId ?? null,
        autoRenewState: !autoRenew
          ? 'not_enrolled'
          : m.membership.savedCard
            ? 'scheduled'
            : 'requested',
        validFrom: term.validFrom,
        validTo: term.validTo,
        benefits: role?.benefits ?? {},
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
