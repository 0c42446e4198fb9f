import { useState } from 'react';
import type { Dispatch } from 'react';
import { useStrings } from '@/ui/text/use-strings';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { QUANTITIES_FIELD_ID } from '@/features/reserve/model/form-issues';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import { totalQuantity } from '@/features/reserve/model/stepper-rules';
import { hasTooManyTypes } from '@/features/reserve/flows/quantity-first/post-calendar';
import type { QuantityFirstAction } from '@/features/reserve/flows/quantity-first/quantity-first-state';
import { QUANTITY_FIRST_STRINGS } from '@/features/reserve/flows/quantity-first/quantity-first-strings';

/**
 * "Find available tickets" (spec: shopping §5): no tickets or too many types stop it with a
 * message of the quantities step; otherwise the quantities close and the dates are found.
 */
export function useFindTickets(input: {
  quantities: Quantities;
  dispatch: Dispatch<QuantityFirstAction>;
  submission: { clearIssues: () => void; clearMustFind: () => void };
}) {
  const { quantities, dispatch, submission } = input;
  const t = useStrings(QUANTITY_FIRST_STRINGS);
  const [issues, setIssues] = useState<IssueMap>(new Map());
  const [message, setMessage] = useState<string | null>(null);

  const onFind = () => {
    submission.clearIssues();
    submission.clearMustFind();
    setMessage(null);
    if (totalQuantity(quantities) === 0) {
      setIssues(new Map([[QUANTITIES_FIELD_ID, 'reserve.select_tickets']]));
      return;
    }
    setIssues(new Map());
    if (hasTooManyTypes(quantities)) {
      setMessage(t('reserve.quantity_first.too_many_types'));
      return;
    }
    dispatch({ type: 'find_tickets' });
  };

  /** the messages were about the old quantities */
  const clear = () => {
    setIssues(new Map());
    setMessage(null);
    submission.clearMustFind();
  };

  return { issues, message, onFind, clear };
}
