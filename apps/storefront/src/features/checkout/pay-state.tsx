import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/** What a second pay button outside the form needs to mirror the form's own. */
export interface PayState {
  label: string;
  disabled: boolean;
}

type Publish = (state: PayState | null) => void;

const PayStateContext = createContext<PayState | null>(null);
const PublishContext = createContext<Publish>(() => undefined);

/**
 * Shares the pay button's text and disabled state between the checkout form and the mobile
 * footer's pay button (identity §2 Checkout "mobile footer"), which sits in the cart summary
 * outside the form.
 */
export function PayStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PayState | null>(null);
  return (
    <PublishContext.Provider value={setState}>
      <PayStateContext.Provider value={state}>{children}</PayStateContext.Provider>
    </PublishContext.Provider>
  );
}

/** Called by the form with its pay button's state; cleared when the form goes away. */
export function usePublishPayState({ label, disabled }: PayState): void {
  const publish = useContext(PublishContext);
  useEffect(() => publish({ label, disabled }), [publish, label, disabled]);
  useEffect(() => () => publish(null), [publish]);
}

/** null while no pay form is on the page (loading, a blocked cart). */
export function usePayState(): PayState | null {
  return useContext(PayStateContext);
}
