import { indefiniteArticle } from '@admit/contracts/rules/english-article';
import { useStrings } from '@/ui/text/use-strings';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { TextField } from '@/features/reserve/components/admit-fields';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import type {
  MemberFields,
  MemberSlots,
  MembershipFormState,
} from '@/features/reserve/flows/membership/membership-model';
import {
  countChoiceOf,
  countFieldId,
  EMPTY_MEMBER,
  memberCountOf,
  memberFieldId,
  showsEmail,
  showsNames,
} from '@/features/reserve/flows/membership/membership-model';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/membership/membership.module.css';

interface RuleMembersProps {
  slots: MemberSlots;
  state: MembershipFormState;
  onChange: (state: MembershipFormState) => void;
  issues: IssueMap;
  /** the first member is given elsewhere (a gift's recipient): no fields for it */
  givenFirst?: boolean;
}

const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * spec: shopping §5 — "Optional member count is a yes/no choice for one, a 0..n select for
 * several"; a fixed count has no control.
 */
function MemberCount({ slots, state, onChange }: Omit<RuleMembersProps, 'issues'>) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const role = slots.rule.party_role;
  const count = memberCountOf(slots, state);
  const setCount = (total: number) =>
    onChange({ ...state, extra: { ...state.extra, [role]: total - slots.min } });
  const choice = countChoiceOf(slots);
  const id = countFieldId(role);
  if (choice === 'fixed') return null;
  if (choice === 'yes_no') {
    return (
      <fieldset className={styles.yesNo}>
        <legend>
          {t('reserve.membership.add_one', { role, article: indefiniteArticle(role) })}
        </legend>
        {[
          { value: slots.max, label: t('reserve.membership.yes') },
          { value: slots.min, label: t('reserve.membership.no') },
        ].map((option) => (
          <label key={option.label} className={styles.inline}>
            <input
              type="radio"
              name={id}
              checked={count === option.value}
              onChange={() => setCount(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <div className={reserveStyles.field}>
      <label htmlFor={id}>{t('reserve.membership.how_many', { role })}</label>
      <select id={id} value={count} onChange={(event) => setCount(Number(event.target.value))}>
        {Array.from({ length: slots.max - slots.min + 1 }, (_, i) => slots.min + i).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One rule's members: the count choice, then each member's fields unless named is no. */
export function RuleMembers({
  slots,
  state,
  onChange,
  issues,
  givenFirst = false,
}: RuleMembersProps) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const { rule } = slots;
  const role = rule.party_role;
  const count = memberCountOf(slots, state);
  const update = (index: number, part: keyof MemberFields, value: string) => {
    const list = [...(state.members[role] ?? [])];
    while (list.length <= index) list.push(EMPTY_MEMBER);
    list[index] = { ...list[index]!, [part]: value };
    onChange({ ...state, members: { ...state.members, [role]: list } });
  };
  return (
    <div className={styles.rule}>
      <MemberCount slots={slots} state={state} onChange={onChange} />
      {showsNames(rule) &&
        Array.from({ length: count }, (_, index) => {
          if (givenFirst && index === 0) return null;
          const fields = state.members[role]?.[index] ?? EMPTY_MEMBER;
          const field = (part: keyof MemberFields) => ({
            id: memberFieldId(role, index, part),
            value: fields[part],
            onChange: (value: string) => update(index, part, value),
            issues,
          });
          const heading =
            slots.max > 1
              ? t('reserve.membership.member_heading', {
                  role: roleLabel(role),
                  number: index + 1,
                })
              : t('reserve.membership.member_heading_one', { role: roleLabel(role) });
          return (
            <fieldset key={index} className={reserveStyles.section}>
              <legend className={styles.memberHeading}>{heading}</legend>
              <div className={reserveStyles.fieldRow}>
                <TextField
                  {...field('first')}
                  label={tr('reserve.admit_first_name')}
                  optional={rule.named !== 'yes'}
                  autoComplete="off"
                />
                <TextField
                  {...field('last')}
                  label={tr('reserve.admit_last_name')}
                  optional={rule.named !== 'yes'}
                  autoComplete="off"
                />
              </div>
              {showsEmail(rule) && (
                <TextField
                  {...field('email')}
                  type="email"
                  label={tr('reserve.admit_email')}
                  optional={rule.emailed !== 'yes'}
                  autoComplete="off"
                />
              )}
            </fieldset>
          );
        })}
    </div>
  );
}
