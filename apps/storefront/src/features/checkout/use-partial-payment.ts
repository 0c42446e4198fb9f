import { useState } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import {
  chosenMinor,
  clampOther,
  completedPaymentsKey,
  defaultChoice,
  partialChoices,
  paymentAmounts,
  scheduledPayments,
} from '@/features/checkout/model/partial-payment';
import type { PartialChoice } from '@/features/checkout/model/partial-payment';

export interface PartialPayment {
  /** the cart has scheduled payments: the options and the schedule are shown */
  scheduled: boolean;
  choices: PartialChoice[];
  choice: PartialChoice;
  setChoice: (choice: PartialChoice) => void;
  /** the 'other' amount in minor units, already clamped */
  other: number;
  setOther: (minor: number) => void;
  due: number;
  outstanding: number;
  /** what the chosen option pays, in minor units */
  minor: number;
}

/**
 * The amount a checkout pays (identity §4 "Partial payment options", §5): due, outstanding or
 * another amount between them. Without scheduled payments it is the whole balance. The choice
 * belongs to one set of completed payments: when they change it starts again at due.
 */
export function usePartialPayment(bundle: CartBundle, balance = false): PartialPayment {
  const { due, outstanding } = paymentAmounts(bundle);
  const scheduled = scheduledPayments(bundle).length > 0 && outstanding > 0;
  const choices = scheduled ? partialChoices(due, outstanding, balance) : ['outstanding' as const];
  const key = completedPaymentsKey(bundle);
  const [state, setState] = useState({ key, choice: defaultChoice(choices), other: due });
  // a stale choice (other payments, or an option no longer offered) falls back to the default
  const current =
    state.key === key && choices.includes(state.choice)
      ? state
      : { key, choice: defaultChoice(choices), other: due };
  const other = clampOther(current.other, due, outstanding);
  return {
    scheduled,
    choices,
    choice: current.choice,
    setChoice: (choice) => setState({ ...current, choice }),
    other,
    setOther: (minor) => setState({ ...current, other: clampOther(minor, due, outstanding) }),
    due,
    outstanding,
    minor: chosenMinor(current.choice, other, due, outstanding),
  };
}
