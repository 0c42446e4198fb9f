import type { CartModifyBody } from '@admit/contracts/cart';
import type { IdentityLink, MembershipRule } from '@admit/contracts/membership';
import { firstMemberProblem, maxMembersOf } from '@admit/contracts/rules/membership-members';
import { isEmail, joinAdmitName } from '@/features/reserve/model/admit-settings';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { ReserveStringKey } from '@/features/reserve/strings';
import type { MembershipStringKey } from '@/features/reserve/flows/membership/membership-strings';

/**
 * The membership form's rules (spec: shopping §3 "Membership rule", §4 "Membership form", §5
 * membership validation). Pure: the form component renders what these say. The members of a
 * level are checked by the rule the server uses too (`contracts/rules/membership-members.ts`).
 */

export interface MemberFields {
  first: string;
  last: string;
  email: string;
}

export const EMPTY_MEMBER: MemberFields = { first: '', last: '', email: '' };

/** One rule of the chosen level with what the form offers for it. */
export interface MemberSlots {
  rule: MembershipRule;
  /** members always taken */
  min: number;
  /** most members (a negative max means 10, shopping §5) */
  max: number;
}

export interface MembershipFormState {
  levelId: string | null;
  /** party_role → members chosen beyond the rule's minimum */
  extra: Readonly<Record<string, number>>;
  /** party_role → the fields of each member, by position */
  members: Readonly<Record<string, readonly MemberFields[]>>;
  autoRenew: boolean;
}

export const LEVEL_FIELD_ID = fieldId('membership', 'level');
export const MEMBERS_FIELD_ID = fieldId('membership', 'members');
export const memberFieldId = (role: string, index: number, part: keyof MemberFields) =>
  fieldId('membership', role.replace(/[^A-Za-z0-9_-]/g, '_'), index, part);
export const countFieldId = (role: string) =>
  fieldId('membership', role.replace(/[^A-Za-z0-9_-]/g, '_'), 'count');

/** spec: shopping §4 — "a level is selected (auto-selected when only one)". */
export function initialState(levelIds: readonly string[]): MembershipFormState {
  return {
    levelId: levelIds.length === 1 ? levelIds[0]! : null,
    extra: {},
    members: {},
    autoRenew: false,
  };
}

/** spec: shopping §4 — "changing the level resets auto-renew"; members start afresh too. */
export function chooseLevel(state: MembershipFormState, levelId: string): MembershipFormState {
  if (state.levelId === levelId) return state;
  return { levelId, extra: {}, members: {}, autoRenew: false };
}

/** The rules of one level, in their order, with their member counts. */
export function slotsOf(rules: readonly MembershipRule[], levelId: string | null): MemberSlots[] {
  return rules
    .filter((rule) => rule.ticket_type_id === levelId)
    .map((rule) => {
      const min = Math.max(0, rule.min);
      return { rule, min, max: Math.max(min, maxMembersOf(rule)) };
    });
}

/**
 * spec: shopping §5 — "Optional member count is a yes/no choice for one, a 0..n select for
 * several": none when the count is fixed.
 */
export function countChoiceOf(slots: MemberSlots): 'fixed' | 'yes_no' | 'select' {
  const optional = slots.max - slots.min;
  if (optional <= 0) return 'fixed';
  return optional === 1 ? 'yes_no' : 'select';
}

export function memberCountOf(slots: MemberSlots, state: MembershipFormState): number {
  const extra = state.extra[slots.rule.party_role] ?? 0;
  return slots.min + Math.max(0, Math.min(slots.max - slots.min, extra));
}

/** spec: shopping §5 — "member fields shown unless named is no"; e-mail unless emailed is no. */
export const showsNames = (rule: MembershipRule) => rule.named !== 'no';
export const showsEmail = (rule: MembershipRule) => rule.named !== 'no' && rule.emailed !== 'no';

export interface MembershipIssue {
  fieldId: string;
  messageKey: MembershipStringKey | ReserveStringKey;
}

function memberAt(state: MembershipFormState, role: string, index: number): MemberFields {
  return state.members[role]?.[index] ?? EMPTY_MEMBER;
}

/** Every member the form would send, in rule order. */
export function membersOf(slotsList: readonly MemberSlots[], state: MembershipFormState) {
  return slotsList.flatMap((slots) =>
    Array.from({ length: memberCountOf(slots, state) }, (_, index) => ({
      slots,
      index,
      fields: memberAt(state, slots.rule.party_role, index),
    })),
  );
}

/**
 * The form's issues in page order (shopping §5): a level; for each member shown, first and last
 * names when named is yes ("Input must not be empty."), the e-mail when emailed is yes, a valid
 * e-mail when one is given; then the level's own rule — "At least one member is required to
 * purchase a membership".
 */
export function validateMembership(
  state: MembershipFormState,
  slotsList: readonly MemberSlots[],
): MembershipIssue[] {
  if (!state.levelId) {
    return [{ fieldId: LEVEL_FIELD_ID, messageKey: 'reserve.membership.select_level' }];
  }
  const issues: MembershipIssue[] = [];
  const members = membersOf(slotsList, state);
  for (const { slots, index, fields } of members) {
    const { rule } = slots;
    const id = (part: keyof MemberFields) => memberFieldId(rule.party_role, index, part);
    if (rule.named === 'yes') {
      for (const part of ['first', 'last'] as const) {
        if (fields[part].trim() === '') {
          issues.push({ fieldId: id(part), messageKey: 'reserve.input_empty' });
        }
      }
    }
    if (showsEmail(rule)) {
      const email = fields.email.trim();
      if (email === '' && rule.emailed === 'yes') {
        issues.push({ fieldId: id('email'), messageKey: 'reserve.input_empty' });
      } else if (email !== '' && !isEmail(email)) {
        issues.push({ fieldId: id('email'), messageKey: 'reserve.invalid_email' });
      }
    }
  }
  if (issues.length > 0) return issues;
  const problem = firstMemberProblem(
    slotsList.map((s) => s.rule),
    members.map(({ slots, fields }) => ({
      party_role: slots.rule.party_role,
      hasName: showsNames(slots.rule) && joinAdmitName(fields.first, fields.last) !== '',
      hasEmail: showsEmail(slots.rule) && fields.email.trim() !== '',
    })),
  );
  // the fields above bound every count and ask every name: only "no members" is left to say
  if (problem?.kind === 'no_members') {
    return [{ fieldId: MEMBERS_FIELD_ID, messageKey: 'reserve.membership.no_members' }];
  }
  return [];
}

/**
 * The reserve body (shopping §3 "Member ticket": admit_name, ticket_type_id): one ticket of the
 * level per member with its party role, the name and e-mail only where the rule takes them.
 */
export function toMembershipBody(
  state: MembershipFormState,
  slotsList: readonly MemberSlots[],
  promoCodes: readonly string[] = [],
): CartModifyBody {
  const levelId = state.levelId!;
  const tickets = membersOf(slotsList, state).map(({ slots, fields }) => {
    const name = showsNames(slots.rule) ? joinAdmitName(fields.first, fields.last) : '';
    const email = showsEmail(slots.rule) ? fields.email.trim() : '';
    return {
      ticket_type_id: levelId,
      party_role: slots.rule.party_role,
      ...(name ? { admit_name: name } : {}),
      ...(email ? { admit_email: email } : {}),
    };
  });
  return {
    ...(promoCodes.length > 0 ? { preReservePromoCodes: [...promoCodes] } : {}),
    reserve: { tickets },
  };
}

/**
 * spec: shopping §4 — "in a renew context the previous level and member details are
 * preselected": the term's members by party role, as many as the level still takes; a term
 * without members on record preselects its holder.
 */
export function renewalState(
  levelId: string,
  slotsList: readonly MemberSlots[],
  links: readonly IdentityLink[],
  holder: MemberFields | null = null,
): MembershipFormState {
  const extra: Record<string, number> = {};
  const members: Record<string, MemberFields[]> = {};
  // a term with no members on record (made by hand, imported, the demo's): its holder is the
  // member to renew, as the first member of the first rule that takes names
  const holderRule =
    links.length === 0 && holder ? slotsList.find((s) => showsNames(s.rule)) : null;
  if (holderRule) {
    members[holderRule.rule.party_role] = [holder!];
    extra[holderRule.rule.party_role] = Math.max(0, 1 - holderRule.min);
    return { levelId, extra, members, autoRenew: false };
  }
  for (const { rule, min, max } of slotsList) {
    const own = links.filter((link) => link.party_role === rule.party_role).slice(0, max);
    members[rule.party_role] = own.map((link) => ({
      first: link.first_name ?? '',
      last: link.last_name ?? '',
      email: link.email ?? '',
    }));
    extra[rule.party_role] = Math.max(0, own.length - min);
  }
  return { levelId, extra, members, autoRenew: false };
}
