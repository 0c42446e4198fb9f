import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { orderSecret, rememberOrderSecret } from '@/stores/order-secrets';
import { useOrderManage } from '@/features/manage/api/get-order-manage';
import { useOrderEdit } from '@/features/manage/api/get-order-edit';
import { editOf } from '@/features/manage/model/manage-view';

/**
 * The order's secret link part (identity §6: anonymous editing by the order's secret link): the
 * address's `?secret=` (the e-mail's manage link), kept for the browser session like a
 * checkout's (stores/order-secrets.ts), else the one this browser already knows.
 */
export function useManageSecret(orderId: string): string | null {
  const [params] = useSearchParams();
  const given = params.get('secret');
  useEffect(() => {
    if (given) rememberOrderSecret(orderId, given);
  }, [orderId, given]);
  return given ?? orderSecret(orderId);
}

/** The order as the manage pages read it, and its open edit (decision 0036). */
export function useManagedOrder(orderId: string) {
  const secret = useManageSecret(orderId);
  const order = useOrderManage(orderId, secret);
  const editQuery = useOrderEdit(orderId, secret);
  return { secret, order, editQuery, edit: editOf(editQuery.data) };
}

/** The manage page of an order, with the secret when known (a reload keeps working). */
export function managePath(orderId: string, secret: string | null, rest = ''): string {
  const query = secret ? `?secret=${encodeURIComponent(secret)}` : '';
  return `/manage/${encodeURIComponent(orderId)}${rest}${query}`;
}
