import { useQuery } from '@tanstack/react-query';
import { isCancelledState } from '@admit/contracts/rules/self-edit';
import type { OrderCancelResponse } from '@admit/contracts/manage';
import { previewOrderCancel } from '@/features/manage/api/preview-order-cancel';

/**
 * How many add-on tickets a cancel of `named` would take along (decisions 0076, 0098): the
 * tickets the server's dry run cancels beyond those named and those cancelled already.
 */
export function addOnsTakenAlong(
  preview: Pick<OrderCancelResponse, 'ticket'>,
  named: readonly string[],
  cancelledBefore: ReadonlySet<string>,
): number {
  return preview.ticket._data.filter(
    (t) => isCancelledState(t.state) && !named.includes(t.id) && !cancelledBefore.has(t.id),
  ).length;
}

/**
 * The confirm modal's preview of a cancel (POST ticket_order/{id}/cancel?dry_run=true), asked
 * only while `named` is set (the modal open) and the order holds an add-on that follows its
 * admission (`askServer`): no other cancel takes anything along. `checking` while it is asked;
 * a preview that fails says nothing more (the cancel itself then shows its refusal).
 */
export function useCancelPreview(input: {
  orderId: string;
  secret: string | null;
  named: readonly string[] | null;
  askServer: boolean;
  cancelledBefore: ReadonlySet<string>;
}): { addOns: number; checking: boolean } {
  const { orderId, secret, named, askServer } = input;
  const enabled = askServer && named !== null && named.length > 0;
  const preview = useQuery({
    queryKey: ['ticket_order', orderId, 'cancel-preview', named],
    queryFn: () => previewOrderCancel(orderId, secret, [...named!]),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  if (!enabled) return { addOns: 0, checking: false };
  return {
    addOns: preview.data ? addOnsTakenAlong(preview.data, named!, input.cancelledBefore) : 0,
    checking: preview.isFetching,
  };
}
