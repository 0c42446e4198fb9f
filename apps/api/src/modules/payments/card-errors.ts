import { AppError } from '@/http/app-error';

/**
 * A card the gateway refused, as the spec's error (identity §8 "Card provider error"): its own
 * code for a wrong CVC or ZIP, else `card_declined`, with the provider's message. A payment
 * (checkout/charge.ts) and a card saved without one (setup-card.ts) answer it alike.
 */
export const cardDeclined = (code: string, message: string | undefined) =>
  new AppError(
    code === 'incorrect_cvc' || code === 'incorrect_zip' ? code : 'card_declined',
    'stripe',
    message ?? 'Your card was declined.',
    { decline_code: code },
  );
