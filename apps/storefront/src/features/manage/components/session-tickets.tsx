import type { ReactNode } from 'react';
import { CheckboxGroup } from 'react-aria-components';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { Check } from '@/ui/check';
import type { ManageSession, ManageTicket } from '@/features/manage/model/manage-view';
import styles from '@/features/manage/manage.module.css';

export interface SessionTicketsProps {
  session: ManageSession;
  /** the tickets listed (the free-order screen lists only valid ones) */
  tickets: ManageTicket[];
  /** which of them can be ticked */
  selectable: (ticket: ManageTicket) => boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  /** what follows a ticket's name (labels, the edit's change) */
  after?: (ticket: ManageTicket, name: string) => ReactNode;
  isDisabled?: boolean;
}

/**
 * A session's tickets with their checkboxes and the session's "Select all" (identity §2 "Manage
 * order", "Cancel free order": "checkboxes, a select-all per session"). react-aria checkboxes:
 * Space toggles, the group is named after the visit, "Select all" is mixed while some are ticked.
 */
export function SessionTickets({
  session,
  tickets,
  selectable,
  selected,
  onSelect,
  after,
  isDisabled,
}: SessionTicketsProps) {
  const t = useStrings(MANAGE_STRINGS);
  const { currency, locale } = useSellerConfig();
  const choosable = tickets.filter(selectable).map((ticket) => ticket.id);
  const ticked = choosable.filter((id) => selected.has(id));
  const visit = { event: session.eventName, when: session.when ?? t('manage.any-date') };
  const all = choosable.length > 0 && ticked.length === choosable.length;
  return (
    <div className={styles.fieldset}>
      {choosable.length > 1 && (
        <Check
          aria-label={t('manage.select-all-label', visit)}
          isSelected={all}
          isIndeterminate={ticked.length > 0 && !all}
          isDisabled={isDisabled}
          onChange={(on) => onSelect(choosable, on)}
        >
          {t('manage.select-all')}
        </Check>
      )}
      <CheckboxGroup
        aria-label={t('manage.tickets-legend', visit)}
        value={ticked}
        isDisabled={isDisabled}
        onChange={(ids) => {
          const now = new Set(ids);
          const on = choosable.filter((id) => now.has(id) && !selected.has(id));
          const off = choosable.filter((id) => !now.has(id) && selected.has(id));
          if (on.length) onSelect(on, true);
          if (off.length) onSelect(off, false);
        }}
      >
        <ul className={styles.tickets}>
          {tickets.map((ticket, index) => {
            const name = t('manage.ticket', {
              n: index + 1,
              type: ticket.typeName,
              price: formatMoney(ticket.price, currency, locale),
            });
            return (
              <li key={ticket.id} className={styles.ticket}>
                {selectable(ticket) ? <Check value={ticket.id}>{name}</Check> : <span>{name}</span>}
                {after?.(ticket, name)}
              </li>
            );
          })}
        </ul>
      </CheckboxGroup>
    </div>
  );
}
