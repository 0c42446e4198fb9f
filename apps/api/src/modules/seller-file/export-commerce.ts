import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { minorToDecimal } from '@admit/contracts/money';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { checkoutRule, code, ledgerCard } from '@/db/schema/codes';
import { paymentPlan, type PlanInstallment } from '@/db/schema/payment-plans';
import { inIds, type ExportContext } from './export-context';
import { compact, orNone, percentOf, wallClockOf } from './export-values';

type Commerce = Pick<SellerFile, 'codes' | 'checkout_rules' | 'gift_cards' | 'payment_plans'>;

/**
 * The seller's promo codes, checkout rules, unsold gift cards (their balance as it is now) and
 * payment plans in the file's form; code dates in the seller's zone.
 */
export async function commerceOf(ctx: ExportContext): Promise<Commerce> {
  const { db, idsOf, pathOfResource, byKey } = ctx;
  const sellerId = ctx.seller.id;
  const codes = await db
    .select()
    .from(code)
    .where(and(eq(code.sellerId, sellerId), eq(code.kind, 'promo')))
    .orderBy(asc(code.code));
  const checkoutRules = await inIds(idsOf('checkout_rule'), (ids) =>
    db.select().from(checkoutRule).where(inArray(checkoutRule.id, ids)),
  );
  // a card an order sold (it has a ticket) is a sale, not catalogue
  const cards = await db
    .select()
    .from(ledgerCard)
    .where(
      and(
        eq(ledgerCard.sellerId, sellerId),
        isNull(ledgerCard.ticketId),
        eq(ledgerCard.state, 'active'),
      ),
    )
    .orderBy(asc(ledgerCard.number));
  const plans = await inIds(idsOf('payment_plan'), (ids) =>
    db.select().from(paymentPlan).where(inArray(paymentPlan.id, ids)),
  );
  return {
    codes: codes.length
      ? codes.map((c) =>
          compact({
            code: c.code,
            name: c.name,
            description: orNone(c.description),
            discount:
              c.discountType === 'fixed'
                ? { fixed: minorToDecimal(c.discountValue) }
                : { percent: percentOf(c.discountValue) },
            applies_to: pathOfResource(c.resource, c.resourceId),
            code_group: orNone(c.codeGroup),
            max_uses: orNone(c.maxUses),
            blocking_checkout: c.blockingCheckout || undefined,
            activating_code_groups: (c.activatingCodeGroups as string[]).length
              ? (c.activatingCodeGroups as string[])
              : undefined,
            valid_from: wallClockOf(c.validFrom, ctx.seller.timezone),
            valid_to: wallClockOf(c.validTo, ctx.seller.timezone),
          }),
        )
      : undefined,
    checkout_rules: checkoutRules.length
      ? byKey('checkout_rule', checkoutRules).map(({ item, key }) => ({
          key,
          applies_to: pathOfResource(item.resource, item.resourceId)!,
          code_group: item.codeGroup,
          description: item.description,
        }))
      : undefined,
    gift_cards: cards.length
      ? cards.map((c) => ({ number: c.number, balance: minorToDecimal(c.balance) }))
      : undefined,
    payment_plans: plans.length
      ? byKey('payment_plan', plans).map(({ item, key }) => ({
          key,
          name: item.name,
          installments: (item.installments as PlanInstallment[]).map((i) =>
            compact({
              percent: i.share_bp / 100,
              days_before_start: i.days_before_start ?? undefined,
            }),
          ),
        }))
      : undefined,
  };
}
