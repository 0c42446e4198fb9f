import { Button } from '@/ui/button';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { usePayState } from '@/features/checkout/pay-state';

/** The id of the checkout form, which the footer's button submits from outside it. */
export const CHECKOUT_FORM_ID = 'checkout-form';

/**
 * The pay button of the phone footer (identity §2 Checkout "mobile footer (cart button, total,
 * pay button)"): a native submit button tied to the checkout form by its `form` attribute, so
 * Enter and Space work and the form's own validation and payment run unchanged. Rendered only
 * at phone width: the footer is hidden on wider screens, and one pay button per page is clearer.
 */
export function MobilePayButton() {
  const state = usePayState();
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  if (!state || !phone) return null;
  return (
    <Button type="submit" form={CHECKOUT_FORM_ID} disabled={state.disabled}>
      {state.label}
    </Button>
  );
}
