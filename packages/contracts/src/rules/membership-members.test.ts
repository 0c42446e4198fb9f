import { describe, expect, it } from 'vitest';
import {
  assignPartyRoles,
  firstMemberProblem,
  maxMembersOf,
  memberProblemMessage,
  NO_MEMBERS_MESSAGE,
  type MemberInput,
  type MemberRuleInput,
} from './membership-members';

const FAMILY: MemberRuleInput[] = [
  { party_role: 'primary', min: 1, max: 1, named: 'yes', emailed: 'yes' },
  { party_role: 'adult', min: 0, max: 1, named: 'optional', emailed: 'other' },
  { party_role: 'child', min: 0, max: -1, named: 'no', emailed: 'no' },
];

const named = (email = true): MemberInput => ({ hasName: true, hasEmail: email });
const unnamed: MemberInput = { hasName: false, hasEmail: false };

const check = (members: MemberInput[]) => {
  const roles = assignPartyRoles(FAMILY, members);
  return firstMemberProblem(
    FAMILY,
    members.map((m, i) => ({ ...m, party_role: roles[i] ?? null })),
  );
};

describe('membership members (shopping §3, §5)', () => {
  it('assigns roles in rule order, keeping roles given', () => {
    expect(assignPartyRoles(FAMILY, [named(), named(false), unnamed, unnamed])).toEqual([
      'primary',
      'adult',
      'child',
      'child',
    ]);
    expect(assignPartyRoles(FAMILY, [{ ...unnamed, party_role: 'child' }, named()])).toEqual([
      'child',
      'primary',
    ]);
  });

  it('reads a negative max as 10 and refuses the eleventh', () => {
    expect(maxMembersOf(FAMILY[2]!)).toBe(10);
    const twelve = [named(), named(false), ...Array.from({ length: 10 }, () => unnamed)];
    expect(check(twelve)).toBeNull();
    const roles = assignPartyRoles(FAMILY, [...twelve, unnamed]);
    expect(roles.at(-1)).toBeNull();
  });

  it('needs at least one member, with the spec text', () => {
    const problem = firstMemberProblem(FAMILY, []);
    expect(problem).toEqual({ kind: 'no_members' });
    expect(memberProblemMessage(problem!)).toBe(NO_MEMBERS_MESSAGE);
  });

  it('requires names for named: yes and e-mail only for emailed: yes', () => {
    expect(check([{ hasName: false, hasEmail: true }])).toMatchObject({ kind: 'name_required' });
    expect(check([named(false)])).toMatchObject({ kind: 'email_required', party_role: 'primary' });
    // the second adult is optional in name and e-mail
    expect(check([named(), unnamed])).toBeNull();
  });

  it('keeps each role within min and max', () => {
    expect(check([{ ...unnamed, party_role: 'child' }])).toMatchObject({
      kind: 'count',
      party_role: 'primary',
      count: 0,
    });
    expect(
      check([
        { ...named(), party_role: 'primary' },
        { ...named(), party_role: 'primary' },
      ]),
    ).toMatchObject({
      kind: 'count',
      party_role: 'primary',
      count: 2,
    });
    expect(check([named(), { ...unnamed, party_role: 'pet' }])).toMatchObject({
      kind: 'unknown_role',
      party_role: 'pet',
    });
  });
});
