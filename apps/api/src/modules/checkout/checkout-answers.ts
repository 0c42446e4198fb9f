import type { CartBundle } from '@admit/contracts/cart';
import {
  checkoutAnswersSchema,
  checkoutQuestionsOf,
  type CheckoutAnswers,
} from '@admit/contracts/rules/checkout-questions';
import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import { validationFailed } from '@/http/app-error';
import { updateCartAdditionalInfo } from '@/modules/cart/repo';

/**
 * The order's checkout questions (event and group `identity_form`, group
 * `extra_checkout_fields`; decision 0064), checked before any charge with the rule the
 * storefront's form uses. Answers a call brings are kept in the cart's `additional_info`, which
 * the order copies however it is made (this call, or a payment settling later).
 */

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Checks `given` (the call's `additional_info`), or the cart's kept answers when the call brings
 * none but makes the order; keeps `given` on the cart. Throws 400 validation_failed naming
 * `additional_info.<question>` with the rule's message key.
 */
export async function takeCheckoutAnswers(
  db: Db,
  cart: CartRow,
  bundle: CartBundle,
  given: CheckoutAnswers | undefined,
  makesOrder: boolean,
): Promise<void> {
  if (given === undefined && !makesOrder) return;
  const questions = checkoutQuestionsOf(bundle);
  const kept = asRecord(cart.additionalInfo);
  const asked = new Set(questions.map((q) => q.name));
  const keptAnswers: CheckoutAnswers = {};
  for (const [name, value] of Object.entries(kept)) {
    if (asked.has(name) && typeof value === 'string') keptAnswers[name] = value;
  }
  const parsed = checkoutAnswersSchema(questions).safeParse(given ?? keptAnswers);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw validationFailed('checkout', `additional_info.${issue.path.join('.')}`, issue.message);
  }
  if (given === undefined) return;
  // other cart-level answers (the modify body's `additionalInfo`) stay; these are replaced
  const others = Object.fromEntries(Object.entries(kept).filter(([name]) => !asked.has(name)));
  await updateCartAdditionalInfo(db, cart.id, { ...others, ...parsed.data });
}
