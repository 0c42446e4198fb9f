import { useId } from 'react';
import type { OfficeMemberTerm } from '@admit/contracts/office-members';
import { useStrings } from '@/ui/text/use-strings';
import { OFFICE_MEMBERS_STRINGS } from './strings';
import styles from './member-benefits.module.css';

/**
 * A term's benefits (member tickets allowed per session) beside the member tickets used during
 * it, by ticket type name (decision 0105: a count, not what is left; staff compare the two).
 * Each is a group labelled with the member ID, so a screen reader hears whose term it is.
 */
export function MemberBenefits({ term }: { term: OfficeMemberTerm }) {
  const t = useStrings(OFFICE_MEMBERS_STRINGS);
  const code = term.member_code;
  const nameOf = (id: string) =>
    id === '*'
      ? t('office.members.benefits.any')
      : (term.ticket_type_names[id] ?? t('office.members.benefits.unknown'));
  const itemsOf = (counts: Record<string, number>) =>
    Object.entries(counts).map(([id, count]) => ({
      id,
      text: t('office.members.benefits.item', { name: nameOf(id), count }),
    }));
  return (
    <div className={styles.benefits}>
      <CountGroup
        label={t('office.members.benefits', { code })}
        items={itemsOf(term.benefits)}
        empty={t('office.members.benefits.none')}
      />
      <CountGroup
        label={t('office.members.benefits-used', { code })}
        items={itemsOf(term.benefits_used)}
        empty={t('office.members.benefits-used.none')}
      />
    </div>
  );
}

/** A labelled group: its list of counts, or what to say when there are none. */
function CountGroup(props: {
  label: string;
  items: { id: string; text: string }[];
  empty: string;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className={styles.label}>
        {props.label}
      </p>
      {props.items.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <ul>
          {props.items.map((item) => (
            <li key={item.id}>{item.text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
