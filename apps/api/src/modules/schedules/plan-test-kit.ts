import { eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticketGroup } from '@/db/schema/catalog';
import { paymentPlan } from '@/db/schema/payment-plans';
import type { ReserveScene } from '@/testing/cart-fixtures';

/** Test helper: gives the scene's ticket group a 25 % deposit, balance 7 days before the visit. */
export async function attachDepositPlan(db: Db, scene: ReserveScene): Promise<void> {
  const [plan] = await db
    .insert(paymentPlan)
    .values({
      sellerId: scene.seller.id,
      name: 'Deposit 25 %, balance 7 days before the visit',
      installments: [
        { share_bp: 2500, days_before_start: null },
        { share_bp: 7500, days_before_start: 7 },
      ],
    })
    .returning();
  await db
    .update(ticketGroup)
    .set({ paymentPlanId: plan!.id })
    .where(eq(ticketGroup.id, scene.group.id));
}
