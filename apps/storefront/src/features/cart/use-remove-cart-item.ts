import type { CartItem } from '@/api/cart/cart-items';
import { useDeleteCart } from '@/api/cart/delete-cart';
import { useRemoveFromCart } from '@/api/cart/remove-from-cart';
import { removalPlan } from '@/features/cart/model/removal-plan';

/** Confirms a pending removal: deletes the whole cart or removes the item's tickets (§4). */
export function useRemoveCartItem(cartId: string | null, items: readonly CartItem[]) {
  const deleteCart = useDeleteCart();
  const removeTickets = useRemoveFromCart();
  const remove = async (item: CartItem): Promise<void> => {
    if (!cartId) return;
    const plan = removalPlan(item, items);
    if (plan.kind === 'delete_cart') await deleteCart.mutateAsync(cartId);
    else await removeTickets.mutateAsync({ cartId, tickets: plan.tickets });
  };
  return {
    remove,
    isPending: deleteCart.isPending || removeTickets.isPending,
    isError: deleteCart.isError || removeTickets.isError,
  };
}
