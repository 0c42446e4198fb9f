import { orderCancelResponseSchema, type OrderCancelResponse } from '@admit/contracts/manage';
import type { Db } from '@/db/connection';
import { withRetryingTransaction } from '@/db/transaction';
import type { Caller } from '@/http/caller';
import { managedOrder } from './access';
import { cancelledOrderAnswer } from './answers';
import { cancelIdsOf, cancelTicketsInTx } from './cancel';

/**
 * POST ticket_order/{id}/cancel?dry_run=true (issue #25, decision 0098): the cancel's own answer
 * as it would be — the tickets it would cancel, the add-on tickets that would leave with them
 * (decision 0076) and the refunds it would write — without cancelling anything, so the manage
 * page's confirm modal can say "… and N add-on tickets" before the visitor confirms. It runs
 * THE cancel (`cancelTicketsInTx`, its refusals included) in a transaction it then rolls back,
 * so the preview can never tell a different story from the cancel. No mail, no refund, no
 * Idempotency-Key: nothing is kept.
 */

/** Thrown out of the preview's transaction to roll it back, with the answer read inside it. */
class PreviewRolledBack extends Error {
  constructor(readonly answer: OrderCancelResponse) {
    super('cancel preview rolled back');
  }
}

export async function previewOrderCancel(
  db: Db,
  call: { caller: Caller; orderId: string; secret: string | undefined; body: unknown; now: Date },
): Promise<OrderCancelResponse> {
  const { caller, now } = call;
  const managed = await managedOrder(db, caller, call.orderId, call.secret);
  const ids = cancelIdsOf(call.body);
  try {
    await withRetryingTransaction(db, async (tx) => {
      await cancelTicketsInTx(tx, {
        orderId: managed.order.id,
        seller: caller.seller,
        ids,
        rules: managed.rules,
        now,
        mail: null,
      });
      const answer = await cancelledOrderAnswer(tx, caller, managed.order.id, now);
      throw new PreviewRolledBack(orderCancelResponseSchema.parse(answer));
    });
  } catch (err) {
    if (err instanceof PreviewRolledBack) return err.answer;
    throw err;
  }
  throw new Error('cancel preview: the transaction was not rolled back');
}
