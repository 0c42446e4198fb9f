import type { Tx } from '@/db/transaction';
import { releaseHeldCapacity } from '@/modules/cart/holds';
import { deleteTickets } from '@/modules/cart/repo';
import { deleteEditChanges } from './edit-repo';

/**
 * Undoes some of an edit's changes in its transaction (decision 0036): a moved ticket's
 * replacement gives its place back and leaves the edit cart, and the changes are forgotten, as
 * if the order ticket had never been touched. The one undo of a ticket changed again, restored,
 * or cancelled along with its admission (add-on-trim.ts).
 */
export async function undoEditChanges(
  tx: Tx,
  cartId: string,
  undone: readonly { ticketId: string; replacementTicketId: string | null }[],
): Promise<void> {
  const replacements = undone.flatMap((e) =>
    e.replacementTicketId ? [e.replacementTicketId] : [],
  );
  if (replacements.length > 0) {
    await releaseHeldCapacity(tx, cartId, replacements);
    await deleteTickets(tx, cartId, replacements);
  }
  await deleteEditChanges(
    tx,
    cartId,
    undone.map((e) => e.ticketId),
  );
}
