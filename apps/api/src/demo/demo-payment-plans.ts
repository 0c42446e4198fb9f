import { eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticketGroup } from '@/db/schema/catalog';
import { paymentPlan, type PlanInstallment } from '@/db/schema/payment-plans';
import { demoGroupId, demoId } from './demo-ids';

/**
 * Demo payment plans (README "Demo scheduled payments"): the museum's Private Group Tour takes a
 * 25 % deposit at booking and the balance 7 days before the visit, so partial payments and the
 * Upcoming/Overdue schedule can be tried (docs/decisions/0020-scheduled-payments.md).
 */
interface DemoPlan {
  key: string;
  name: string;
  installments: PlanInstallment[];
  /** [event key, group key] of the groups paying by this plan */
  groups: [string, string][];
}

export const DEMO_PAYMENT_PLANS: Record<string, DemoPlan[]> = {
  'demo-museum': [
    {
      key: 'deposit-25',
      name: 'Deposit 25 %, balance 7 days before the visit',
      installments: [
        { share_bp: 2500, days_before_start: null },
        { share_bp: 7500, days_before_start: 7 },
      ],
      groups: [['private-group-tour', 'group']],
    },
  ],
};

export async function writeDemoPaymentPlans(
  db: Pick<Db, 'insert' | 'update'>,
  slug: string,
): Promise<void> {
  for (const plan of DEMO_PAYMENT_PLANS[slug] ?? []) {
    const id = demoId(`${slug}/payment_plan/${plan.key}`);
    await db.insert(paymentPlan).values({
      id,
      sellerId: demoId(`${slug}/seller`),
      name: plan.name,
      installments: plan.installments,
    });
    for (const [eventKey, groupKey] of plan.groups) {
      await db
        .update(ticketGroup)
        .set({ paymentPlanId: id })
        .where(eq(ticketGroup.id, demoGroupId(slug, eventKey, groupKey)));
    }
  }
}
