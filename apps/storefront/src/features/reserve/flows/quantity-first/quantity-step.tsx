import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { TicketQuantities } from '@/features/reserve/components/ticket-quantities';
import { RuleMessages } from '@/features/reserve/components/rule-messages';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import type { AnchorMatch } from '@/features/reserve/model/anchor-match';
import type { MemberCap, Quantities } from '@/features/reserve/model/stepper-rules';
import { QUANTITY_FIRST_STRINGS } from '@/features/reserve/flows/quantity-first/quantity-first-strings';
import styles from '@/features/reserve/flows/quantity-first/quantity-first.module.css';

export const FIND_BUTTON_ID = 'reserve-qf-find';

export interface QuantityStepProps {
  groups: readonly TicketGroupWithTypes[];
  isOpen: boolean;
  quantities: Quantities;
  onQuantities: (quantities: Quantities) => void;
  onFind: () => void;
  onReopen: () => void;
  issues: IssueMap;
  /** the step's own message ("click Find", "up to 10 types") */
  message: string | null;
  /** a member's benefit cap, before any session is chosen (shopping §5) */
  memberCap?: MemberCap | null;
  /** quantity_message texts met by the chosen quantities (shopping §3 "Message rules") */
  notes?: readonly string[];
  timezone?: string;
  /** an add-on whose tickets follow the admission's (decision 0065) */
  anchorMatch?: AnchorMatch | null;
}

/**
 * Step 1 of the quantity-first flow (shopping §4): steppers and "Find available tickets" while
 * open; once closed, what was chosen and a button that reopens it (resetting later steps).
 */
export function QuantityStep({
  groups,
  isOpen,
  quantities,
  onQuantities,
  onFind,
  onReopen,
  issues,
  message,
  memberCap,
  notes = [],
  timezone,
  anchorMatch,
}: QuantityStepProps) {
  const t = useStrings(QUANTITY_FIRST_STRINGS);
  if (!isOpen) {
    const chosen = groups
      .flatMap((group) => group.ticketTypes)
      .filter((type) => (quantities[type.id] ?? 0) > 0);
    return (
      <div className={styles.summary}>
        <ul className={styles.summaryList}>
          {chosen.map((type) => (
            <li key={type.id}>
              {t('reserve.quantity_first.summary', {
                count: quantities[type.id] ?? 0,
                type: type.name,
              })}
            </li>
          ))}
        </ul>
        <RuleMessages messages={notes} />
        <Button variant="secondary" onClick={onReopen}>
          {t('reserve.quantity_first.change_quantities')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.step}>
      <TicketQuantities
        groups={groups}
        sessionAvailableCapacity={null}
        quantities={quantities}
        onChange={onQuantities}
        issues={issues}
        memberCap={memberCap}
        notes={notes}
        timezone={timezone}
        anchorMatch={anchorMatch}
      />
      {message && (
        <p className={styles.message} role="alert">
          {message}
        </p>
      )}
      <Button id={FIND_BUTTON_ID} fullWidth onClick={onFind}>
        {t('reserve.quantity_first.find')}
      </Button>
    </div>
  );
}
