import type { TicketOrderListResponse } from '@admit/contracts/account';
import { useEventTemplates } from '@/features/account/api/get-event-templates';
import { OrderDetailRoute, type OrderDetailSlots } from '@/features/account/order-detail-route';
import { receiptBundleOf } from '@/features/orders/model/order-summary';
import { OrderSummary } from '@/features/orders/order-summary';

/**
 * The completed page's receipt (issue #22), read from the account's order; its visits read as
 * their events' ticket_date_time says (the events' meta, the account's one cached read of them).
 */
function AccountOrderReceipt(props: {
  orders: TicketOrderListResponse;
  orderId: string;
  labelledBy: string;
}) {
  const events = useEventTemplates(
    (props.orders.ticket?._data ?? [])
      .filter((t) => t.ticket_order_id === props.orderId)
      .map((t) => t.event_template_id),
  );
  return (
    <OrderSummary
      bundle={receiptBundleOf(props.orders, props.orderId, events.data?.meta?._data)}
      labelledBy={props.labelledBy}
    />
  );
}

const slots: OrderDetailSlots = { receipt: AccountOrderReceipt };

/** /my/orders/{id} with the same receipt lines as the completed page (identity §2 "Order detail"). */
export function ComposedOrderDetailRoute() {
  return <OrderDetailRoute slots={slots} />;
}
