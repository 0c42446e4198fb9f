import {
  assignPartyRoles,
  firstMemberProblem,
  memberProblemMessage,
  type MemberProblem,
  type MemberRuleInput,
} from '@admit/contracts/rules/membership-members';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { selectLevelsOfTypes, selectRulesOfTypes } from './repo';

/**
 * The member tickets of a reserve (shopping §3 "Member ticket", §5 membership validation;
 * decision 0032). A membership level is bought as one ticket per member, all of the level's
 * ticket type: each takes a party role of the level's rules (given, else in rule order), the
 * rules are checked with the storefront's own rule (contracts), names and e-mails a rule does
 * not take are dropped, and the level's price is the first member's: the others cost nothing.
 */

/** What this needs of a planned ticket (the cart's plan is one; fields are completed in place). */
export interface MemberTicketDraft {
  type: { id: string };
  group: { id: string; handler: string };
  faceValue: number;
  admitName: string | null;
  admitEmail: string | null;
  partyRole: string | null;
}

export const isMembershipTicket = (t: Pick<MemberTicketDraft, 'group'>) =>
  t.group.handler === 'membership';

const fieldOf = (problem: MemberProblem) => {
  if (problem.kind === 'name_required') return 'admit_name';
  if (problem.kind === 'email_required') return 'admit_email';
  return problem.kind === 'unknown_role' ? 'party_role' : 'tickets';
};

function membersRefused(typeId: string, problem: MemberProblem) {
  const { kind: _kind, ...detail } = problem;
  return new AppError('validation_failed', 'membership', memberProblemMessage(problem), {
    field: fieldOf(problem),
    ticket_type_id: typeId,
    problem: problem.kind,
    ...detail,
  });
}

/** Checks the members of every level in `planned` and completes their tickets. */
export async function planMemberTickets(db: Db, sellerId: string, planned: MemberTicketDraft[]) {
  for (const t of planned) if (!isMembershipTicket(t)) t.partyRole = null;
  const members = planned.filter(isMembershipTicket);
  if (members.length === 0) return;
  const typeIds = [...new Set(members.map((t) => t.type.id))];
  const [levels, rules] = await Promise.all([
    selectLevelsOfTypes(db, sellerId, typeIds),
    selectRulesOfTypes(db, sellerId, typeIds),
  ]);
  for (const typeId of typeIds) {
    const levelRules: MemberRuleInput[] = rules
      .filter((r) => r.ticketTypeId === typeId)
      .map((r) => ({
        party_role: r.partyRole,
        min: r.min,
        max: r.max,
        named: r.named as MemberRuleInput['named'],
        emailed: r.emailed as MemberRuleInput['emailed'],
      }));
    if (!levels.has(typeId) || levelRules.length === 0) {
      throw new AppError(
        'validation_failed',
        'membership',
        'This membership level is not on sale',
        {
          field: 'ticket_type_id',
          ticket_type_id: typeId,
        },
      );
    }
    const tickets = members.filter((t) => t.type.id === typeId);
    const inputs = tickets.map((t) => ({
      party_role: t.partyRole,
      hasName: t.admitName !== null,
      hasEmail: t.admitEmail !== null,
    }));
    const roles = assignPartyRoles(levelRules, inputs);
    const problem = firstMemberProblem(
      levelRules,
      inputs.map((m, i) => ({ ...m, party_role: roles[i] ?? null })),
    );
    if (problem) throw membersRefused(typeId, problem);
    for (const [i, t] of tickets.entries()) {
      const rule = levelRules.find((r) => r.party_role === roles[i])!;
      t.partyRole = rule.party_role;
      // spec: shopping §5 — member fields are shown unless named is no; e-mail only if asked for
      if (rule.named === 'no') t.admitName = null;
      if (rule.emailed === 'no') t.admitEmail = null;
      // the level's price once per membership (decision 0032)
      if (i > 0) t.faceValue = 0;
    }
  }
}
