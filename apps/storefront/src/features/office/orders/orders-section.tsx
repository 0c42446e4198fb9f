import { Route, Routes } from 'react-router';
import { OrderSearchPage } from '@/features/office/orders/order-search-page';
import { OrderPage } from '@/features/office/orders/order-page';

/** The orders section (issue #27, decision 0087): the search, and one order's page below it. */
export function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrderSearchPage />} />
      <Route path=":orderId" element={<OrderPage />} />
    </Routes>
  );
}
