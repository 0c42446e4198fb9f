import type { CardInputProps } from '@/features/checkout/model/card-input';
import { CardInputField } from '@/features/checkout/components/card-input-field';

/**
 * The checkout's card section for a card saved without a payment (the account's "Replace
 * card", decision 0067): Stripe Elements or the sandbox fields, as the seller is configured,
 * without a wallet button (there is no total to pay) and asking the ZIP itself.
 */
export function CardSetupInput({ inputRef }: Pick<CardInputProps, 'inputRef'>) {
  return <CardInputField inputRef={inputRef} amount="0.00" currency="" />;
}
