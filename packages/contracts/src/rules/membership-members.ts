import type { MemberEmailed, MemberNamed } from '../membership';

/**
 * The members of one membership level against its rules, one rule for the server (reserve) and
 * the storefront (the membership form). spec: shopping §3 "Membership rule" (party_role, min,
 * max, named, emailed), §5 "Membership with no members: …. Named member first and last names
 * are required; email required only when emailed is yes; member fields shown unless named is
 * no", "Unnamed member counts stay between min and max; a negative max on an unnamed rule
 * means 10". Decision 0032.
 */

/** spec: shopping §5, verbatim */
export const NO_MEMBERS_MESSAGE = 'At least one member is required to purchase a membership';

/** spec: shopping §5 — "a negative max on an unnamed rule means 10" */
export const UNNAMED_MAX_DEFAULT = 10;

/** The part of a membership rule these checks read (rules come in their display order). */
export interface MemberRuleInput {
  party_role: string;
  min: number;
  max: number;
  named: MemberNamed;
  emailed: MemberEmailed;
}

/** One member as entered: a role (or none: assigned in rule order), whether names and e-mail are given. */
export interface MemberInput {
  party_role?: string | null;
  /** first and last name both given (the server sees them joined as `admit_name`) */
  hasName: boolean;
  hasEmail: boolean;
}

/**
 * The most members a rule takes. The spec gives 10 for a negative max on an unnamed rule; a
 * named rule with a negative max is read the same way (decision 0032: never unbounded).
 */
export const maxMembersOf = (rule: Pick<MemberRuleInput, 'max'>) =>
  rule.max < 0 ? UNNAMED_MAX_DEFAULT : rule.max;

/**
 * Each member's party role: the role given, else the first rule (in order) that still has room
 * after the members given a role and those assigned before. Null when no rule has room.
 */
export function assignPartyRoles(
  rules: readonly MemberRuleInput[],
  members: readonly MemberInput[],
): (string | null)[] {
  const taken = new Map<string, number>();
  for (const m of members) {
    if (m.party_role) taken.set(m.party_role, (taken.get(m.party_role) ?? 0) + 1);
  }
  return members.map((m) => {
    if (m.party_role) return m.party_role;
    const rule = rules.find((r) => (taken.get(r.party_role) ?? 0) < maxMembersOf(r));
    if (!rule) return null;
    taken.set(rule.party_role, (taken.get(rule.party_role) ?? 0) + 1);
    return rule.party_role;
  });
}

export type MemberProblem =
  | { kind: 'no_members' }
  | { kind: 'unknown_role'; index: number; party_role: string | null }
  | { kind: 'count'; party_role: string; min: number; max: number; count: number }
  | { kind: 'name_required'; index: number; party_role: string }
  | { kind: 'email_required'; index: number; party_role: string };

/**
 * The first problem of a level's members (roles already assigned, see `assignPartyRoles`), or
 * null: at least one member; every role one of the level's; per rule a count within min..max;
 * a name for each member of a `named: yes` rule, an e-mail for each of an `emailed: yes` rule.
 */
export function firstMemberProblem(
  rules: readonly MemberRuleInput[],
  members: readonly (MemberInput & { party_role: string | null })[],
): MemberProblem | null {
  if (members.length === 0) return { kind: 'no_members' };
  const counts = new Map<string, number>();
  for (const [index, m] of members.entries()) {
    const rule = rules.find((r) => r.party_role === m.party_role);
    if (!rule) return { kind: 'unknown_role', index, party_role: m.party_role };
    counts.set(rule.party_role, (counts.get(rule.party_role) ?? 0) + 1);
    if (rule.named === 'yes' && !m.hasName) {
      return { kind: 'name_required', index, party_role: rule.party_role };
    }
    if (rule.emailed === 'yes' && !m.hasEmail) {
      return { kind: 'email_required', index, party_role: rule.party_role };
    }
  }
  for (const rule of rules) {
    const count = counts.get(rule.party_role) ?? 0;
    const max = maxMembersOf(rule);
    if (count < Math.max(0, rule.min) || count > max) {
      return { kind: 'count', party_role: rule.party_role, min: rule.min, max, count };
    }
  }
  return null;
}

/** A sentence for a problem (the server's `_description`; the form shows its own field texts). */
export function memberProblemMessage(problem: MemberProblem): string {
  switch (problem.kind) {
    case 'no_members':
      return NO_MEMBERS_MESSAGE;
    case 'unknown_role':
      return 'This membership level has no place for this member';
    case 'count':
      return problem.min === problem.max
        ? `This membership level takes ${problem.min} ${problem.party_role} member(s)`
        : `This membership level takes ${Math.max(0, problem.min)} to ${problem.max} ${problem.party_role} member(s)`;
    case 'name_required':
      return 'First and last names are required for each named member';
    case 'email_required':
      return 'An e-mail address is required for this member';
  }
}
