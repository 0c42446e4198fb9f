import type { UseFormReturn } from 'react-hook-form';
import type { PaymentEntry } from '@admit/contracts/checkout';
import type { CheckoutAnswers, CheckoutQuestion } from '@admit/contracts/rules/checkout-questions';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { purchaserFormValues } from '@/features/checkout/model/purchaser-form';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';

type CheckoutFormApi = UseFormReturn<PurchaserValues>;

/**
 * The buyer's entries of a call that left the page for a card's authentication, back in the
 * form: a failed authentication leaves them there to correct (issue #25), the questions' answers
 * included (decision 0064).
 */
export function restoreEntries(form: CheckoutFormApi, body: CheckoutCall['body']): void {
  if ('purchaser' in body && body.purchaser) {
    form.reset(purchaserFormValues(body.purchaser, form.getValues()));
  }
  if (body.additional_info) {
    form.setValue('additional_info', {
      ...form.getValues('additional_info'),
      ...body.additional_info,
    });
  }
}

/**
 * A gift card may pay the whole order, whose call must then carry the questions' answers
 * (decision 0064): they are checked, as the pay button checks them, before its dialog opens.
 * None when nothing is asked.
 */
export function giftCardPrepareOf(
  form: CheckoutFormApi,
  questions: readonly CheckoutQuestion[],
  answersToSend: (values: Record<string, string>) => CheckoutAnswers | undefined,
): (() => Promise<Pick<PaymentEntry, 'additional_info'> | null>) | undefined {
  if (questions.length === 0) return undefined;
  return async () => {
    if (!(await form.trigger('additional_info', { shouldFocus: true }))) return null;
    const additional_info = answersToSend(form.getValues('additional_info'));
    return additional_info ? { additional_info } : {};
  };
}
