import type { DemoMembershipProgram } from './demo-types';

/**
 * The museum's annual membership (decision 0032): Individual, Dual and Family, sold by the
 * "Become a Member" event's levels group. Members enter free (the Member Admission group of
 * General Admission) and book the members-only Evening Preview; the pool covers children and
 * guests. Renewal opens 60 days before a term ends.
 */

const ADULT = 'general-admission/member/member-adult';
const CHILD = 'general-admission/member/member-child';
const PREVIEW = 'members-evening/preview/member';

const primary = { role: 'primary', min: 1, max: 1, named: 'yes', emailed: 'yes' } as const;

export const museumMembership: DemoMembershipProgram = {
  name: 'Museum Membership',
  termMonths: 12,
  renewalDays: 60,
  event: 'membership',
  group: 'levels',
  levels: [
    {
      type: 'individual',
      benefits: { [ADULT]: 1, [PREVIEW]: 1, '*': 1 },
      rules: [primary],
    },
    {
      type: 'dual',
      benefits: { [ADULT]: 2, [PREVIEW]: 2, '*': 2 },
      rules: [primary, { role: 'partner', min: 1, max: 1, named: 'yes', emailed: 'other' }],
    },
    {
      type: 'family',
      benefits: { [ADULT]: 2, [CHILD]: 4, [PREVIEW]: 2, '*': 4 },
      rules: [
        primary,
        { role: 'partner', min: 0, max: 1, named: 'optional', emailed: 'other' },
        { role: 'child', min: 0, max: 4, named: 'no', emailed: 'no' },
      ],
    },
  ],
};
