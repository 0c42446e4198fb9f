import { ManageConfirmRoute } from '@/features/manage/confirm-route';
import type { EditPaymentScreenProps } from '@/features/manage/confirm-route';
import { EditCheckout } from '@/features/checkout/edit-checkout';
import { GiftCardButton } from '@/features/codes/gift-card-modal';

/** The checkout screen for an edit's difference, with the codes feature's gift card. */
function EditPaymentScreen(props: EditPaymentScreenProps) {
  return <EditCheckout {...props} GiftCard={GiftCardButton} />;
}

/** /manage/{orderId}/confirm: the manage feature's page around the checkout screen. */
export function ComposedManageConfirmRoute() {
  return <ManageConfirmRoute PaymentScreen={EditPaymentScreen} />;
}
