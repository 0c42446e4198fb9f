import { maskedNumber } from '@admit/contracts/rules/receipt-lines';
import type { PaymentRow } from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';
import type { PaidCard } from './card-gateway';
import { selectTakenPayments } from './repo';
import { readSandboxToken, sandboxBrandOf } from './sandbox-cards';

/** A payment as a receipt lists it: "Visa •••• 4242", "Gift card •••• 2000"; minor units. */
export interface ReceiptPayment {
  label: string;
  amount: number;
}

// Stripe's card brand keys (payment_method.card.brand) as a receipt names them
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

/**
 * What a receipt may show of a payment (issue #22 "Receipts a finance team accepts"): the card's
 * brand and last four digits, a gift card's number masked; never a whole number. A card whose
 * details the gateway did not record reads "Card".
 */
export function paymentLabel(row: Pick<PaymentRow, 'gatewayId' | 'gatewayData'>): string {
  const data = (row.gatewayData ?? {}) as Record<string, unknown>;
  if (row.gatewayId === 'ledger') {
    // charge-ledger.ts records "…2000": only the last four digits are kept
    const number = typeof data.ledger_number === 'string' ? data.ledger_number : '';
    return number ? `Gift card ${maskedNumber(number)}` : 'Gift card';
  }
  const brand = typeof data.card_brand === 'string' ? data.card_brand : null;
  const last4 = typeof data.card_last4 === 'string' ? data.card_last4 : null;
  const sandbox =
    typeof data.payment_method === 'string' ? readSandboxToken(data.payment_method) : null;
  const digits = last4 ?? sandbox?.last4 ?? null;
  const brandKey = brand ?? (digits && sandbox ? sandboxBrandOf(digits) : null);
  const name = (brandKey && BRANDS[brandKey]) || 'Card';
  return digits ? `${name} ${maskedNumber(digits)}` : name;
}

/**
 * A payment's gateway data with the card it was paid with (`card_brand`, `card_last4`, which
 * paymentLabel reads); unchanged when the gateway answered no card. Never more than these two.
 */
export function withPaidCard(gatewayData: unknown, card: PaidCard | null | undefined): object {
  const data = (gatewayData ?? {}) as object;
  return card ? { ...data, card_brand: card.brand, card_last4: card.last4 } : data;
}

/** The cart's payments that took money, as its receipt lists them ("free" takes none). */
export async function receiptPayments(db: Executor, cartId: string): Promise<ReceiptPayment[]> {
  const rows = await selectTakenPayments(db, cartId);
  return rows
    .filter((r) => r.gatewayId !== 'free' && r.amount > 0)
    .map((r) => ({ label: paymentLabel(r), amount: r.amount }));
}
