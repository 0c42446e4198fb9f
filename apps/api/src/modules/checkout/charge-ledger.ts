import { and, eq } from 'drizzle-orm';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { payment } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import { checkPayableAmount } from '@/modules/payments/amount-limits';
import { insertPayment } from '@/modules/payments/repo';
import { markKeyCharged } from '@/modules/payments/idempotency';
import { drawFromCard, giftCardAlreadyApplied, lookupCard } from '@/modules/ledger/service';
import { lockCartRow } from '@/modules/orders/repo';
import { reservedOn, type ChargeContext } from './charge';

/**
 * Draws a gift card (`gateway_id: ledger`): min(balance, amount), the payment row in the same
 * transaction as the draw. Answers the amount drawn.
 */
export async function chargeLedger(ctx: ChargeContext, amount: number, entry: PaymentEntry) {
  const number = entry.gateway_data.ledger_number;
  if (typeof number !== 'string' || number.trim() === '' || number.length > 70) {
    throw new AppError(
      'validation_failed',
      'ledger',
      'ledger_number: a gift card number is required',
      {
        field: 'gateway_data.ledger_number',
      },
    );
  }
  return ctx.db.transaction(async (tx) => {
    await lockCartRow(tx, ctx.cartId);
    const card = await lookupCard(tx, ctx.sellerId, number);
    const applied = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(
        and(
          eq(payment.cartId, ctx.cartId),
          eq(payment.gatewayId, 'ledger'),
          eq(payment.gatewayRef, card.id),
          eq(payment.state, 'succeeded'),
        ),
      );
    if (applied.length > 0) throw giftCardAlreadyApplied();
    checkPayableAmount(
      'ledger',
      amount,
      ctx.grandTotal - (await reservedOn(tx, ctx.cartId)),
      ctx.currency,
    );
    const { drawn } = await drawFromCard(tx, ctx.sellerId, number, amount, ctx.currency);
    const drawnRow = await insertPayment(tx, {
      sellerId: ctx.sellerId,
      cartId: ctx.cartId,
      gatewayId: 'ledger',
      amount: drawn,
      currency: ctx.currency,
      state: 'succeeded',
      gatewayRef: card.id,
      gatewayData: {
        idempotency_key: ctx.idempotencyKey,
        ledger_number: `…${card.number.slice(-4)}`,
        settle_as: ctx.settleAs,
      },
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    // the draw is money taken: the key is `charged` with it (decision 0027)
    await markKeyCharged(tx, ctx.sellerId, ctx.idempotencyKey, drawnRow.id);
    return drawn;
  });
}
