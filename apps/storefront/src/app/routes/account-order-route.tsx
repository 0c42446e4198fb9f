import type { TicketOrderListResponse } from '@admit/contracts/account';
import { OrderDetailRoute, type OrderDetailSlots } from '@/features/account/order-detail-route';
import { receiptBundleOf } from '@/features/orders/model/order-summary';
import { OrderSummary } from '@/features/orders/order-summary';

/** The completed page's receipt (issue #22), read from the account's order. */
function AccountOrderReceipt(props: {
  orders: TicketOrderListResponse;
  orderId: string;
  labelledBy: string;
}) {
  return (
    <OrderSummary
      bundle={receiptBundleOf(props.orders, props.orderId)}
      labelledBy={props.labelledBy}
    />
  );
}

const slots: OrderDetailSlots = { receipt: AccountOrderReceipt };

/** /my/orders/{id} with the same receipt lines as the completed page (identity §2 "Order detail"). */
export function ComposedOrderDetailRoute() {
  return <OrderDetailRoute slots={slots} />;
}
