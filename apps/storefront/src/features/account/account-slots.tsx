import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { CardEntryProps } from '@/features/account/model/card-entry';

/**
 * What the app plugs into the account's screens that live outside its routes: the membership
 * details modal is opened from the header and the event page, so its "Replace card" fields
 * (the checkout's, decision 0067) come from the app's providers, not from a route's slots.
 */
export interface AccountSlots {
  cardEntry?: ComponentType<CardEntryProps>;
}

const AccountSlotsContext = createContext<AccountSlots>({});

export function AccountSlotsProvider({
  slots,
  children,
}: {
  slots: AccountSlots;
  children: ReactNode;
}) {
  return <AccountSlotsContext.Provider value={slots}>{children}</AccountSlotsContext.Provider>;
}

export function useAccountSlots(): AccountSlots {
  return useContext(AccountSlotsContext);
}
