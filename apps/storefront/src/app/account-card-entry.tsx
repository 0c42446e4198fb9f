import { useImperativeHandle, useRef } from 'react';
import type { CardEntryProps } from '@/features/account/model/card-entry';
import type { CardInput } from '@/features/checkout/model/card-input';
import { CardSetupInput } from '@/features/checkout/components/card-setup-input';

/**
 * The checkout's card section as the account's card entry (decision 0067): the same fields,
 * the same provider (sandbox or Stripe Elements), the same tokens. One home for the account
 * page and the membership details modal (decision 0092).
 */
export function AccountCardEntry({ inputRef }: CardEntryProps) {
  const card = useRef<CardInput | null>(null);
  useImperativeHandle(
    inputRef,
    () => ({
      validate: () => card.current?.validate() ?? false,
      paymentMethod: () =>
        card.current ? card.current.paymentMethod() : Promise.reject(new Error('no card input')),
      forget: () => card.current?.forget(),
      authenticateSetup: (clientSecret) =>
        card.current?.authenticateSetup
          ? card.current.authenticateSetup(clientSecret)
          : Promise.reject(new Error('this card input has no authentication step')),
    }),
    [],
  );
  return <CardSetupInput inputRef={card} />;
}
