import { Section } from '@react-email/components';
import {
  receiptItems,
  sumReceiptLines,
  type ReceiptItem,
} from '@admit/contracts/rules/receipt-lines';
import { useBrand } from './brand-context';
import { MailList, MailText } from './mail-parts';
import { ticketWhen, type ConfirmationTicketView } from './order-parts';

/** A payment as the receipt lists it: "Visa •••• 4242", minor units. */
export interface ReceiptPaymentView {
  label: string;
  amount: number;
}

type Money = (minor: number) => string;

/** The order's visit of an admission (event and start), any-date ones last. */
const visitKey = (t: ConfirmationTicketView) =>
  `${t.session?.start_datetime ?? '9999'}\n${t.eventName}`;

/** An item's figures beyond its price, the ones that are not zero, then its total. */
function figureLines(item: ReceiptItem<ConfirmationTicketView>, money: Money): string[] {
  const f = item.figures;
  const lines = [
    f.discount !== 0 ? `Discount -${money(f.discount)}` : null,
    f.serviceCharge !== 0 ? `Service charge ${money(f.serviceCharge)}` : null,
    f.tax !== 0 ? `Tax ${money(f.tax)}` : null,
  ].filter((l): l is string => l !== null);
  return lines.length > 0 ? [...lines, `Line total ${money(f.total)}`] : [];
}

function ItemLine({ item, money }: { item: ReceiptItem<ConfirmationTicketView>; money: Money }) {
  const extra = figureLines(item, money);
  return (
    <>
      <MailText
        style={{ margin: '0 0 4px' }}
      >{`${item.name} ${money(item.figures.face)}`}</MailText>
      {extra.length > 0 && <MailList items={extra} />}
    </>
  );
}

/**
 * The receipt (issue #22 "Receipts a finance team accepts"): visit by visit each line with its
 * price, discount, service charge, tax and total (rules/receipt-lines.ts, the one home of those
 * figures); a membership as one membership, a donation as a donation; then the order's figures,
 * the payments and the balance due.
 */
export function ReceiptSummary(props: {
  tickets: ConfirmationTicketView[];
  totalMinor: number;
  payments: ReceiptPaymentView[];
  money: Money;
}) {
  const { money } = props;
  const { locale } = useBrand();
  const items = receiptItems(props.tickets, visitKey);
  const visits = new Map<string, ReceiptItem<ConfirmationTicketView>[]>();
  const others: ReceiptItem<ConfirmationTicketView>[] = [];
  for (const item of items) {
    if (item.kind !== 'admission') {
      others.push(item);
      continue;
    }
    const key = visitKey(item.tickets[0]!);
    visits.set(key, [...(visits.get(key) ?? []), item]);
  }
  const sum = sumReceiptLines(items.map((i) => ({ ...i.figures, admits: false })));
  const paid = props.payments.reduce((s, p) => s + p.amount, 0);
  const totals = [
    `Subtotal ${money(sum.face)}`,
    sum.discount !== 0 ? `Discount -${money(sum.discount)}` : null,
    sum.serviceCharge !== 0 ? `Service charge ${money(sum.serviceCharge)}` : null,
    sum.tax !== 0 ? `Tax ${money(sum.tax)}` : null,
  ].filter((l): l is string => l !== null);
  return (
    <>
      {[...visits.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, own]) => {
          const when = ticketWhen(own[0]!.tickets[0]!, locale);
          return (
            <Section key={key} style={{ margin: '0 0 8px' }}>
              <MailText style={{ fontWeight: 700, margin: '0 0 2px' }}>
                {own[0]!.tickets[0]!.eventName}
              </MailText>
              {when && <MailText style={{ margin: '0 0 4px' }}>{when}</MailText>}
              {own.map((item, i) => (
                <ItemLine key={i} item={item} money={money} />
              ))}
            </Section>
          );
        })}
      {others.map((item, i) => (
        <Section key={`other-${i}`} style={{ margin: '0 0 8px' }}>
          <ItemLine item={item} money={money} />
        </Section>
      ))}
      <MailList items={totals} />
      <MailText style={{ fontSize: '18px' }}>
        {'Total '}
        <strong>{money(props.totalMinor)}</strong>
      </MailText>
      {props.payments.length > 0 && (
        <MailList items={props.payments.map((p) => `Paid with ${p.label} ${money(p.amount)}`)} />
      )}
      <MailText>{`Balance due ${money(Math.max(0, props.totalMinor - paid))}`}</MailText>
    </>
  );
}
