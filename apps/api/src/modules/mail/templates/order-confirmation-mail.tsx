import { membershipLastDay } from '@admit/contracts/rules/membership-dates';
import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import { dateFormatsFor, formatCalendarDate, formatInZone } from '@admit/contracts/session-time';
import type { MailBrand } from '../mail-brand';
import {
  MailButton,
  MailDivider,
  MailHeading,
  MailImage,
  MailLink,
  MailList,
  MailText,
} from './mail-parts';
import { useBrand } from './brand-context';
import { MailLayout } from './mail-layout';
import { ReceiptSummary, type ReceiptPaymentView } from './receipt-parts';
import {
  TicketCard,
  ticketName,
  ticketWhen,
  type ConfirmationMembership,
  type ConfirmationTicketView,
} from './order-parts';
import { renderMail } from './render-mail';

export interface OrderConfirmationInput {
  brand: MailBrand;
  orderNumber: string;
  /** when the order was made: its date reads on the seller's calendar */
  placedAt: Date;
  /** the order's total after fees, in minor units of `currency` */
  totalMinor: number;
  currency: string;
  /** content id of the order's inline QR PNG */
  orderQrCid: string;
  /** the secret order link `/{slug}/ticket_order/{id}?secret=…` */
  orderLink: string;
  /** where the buyer changes the order; the button shows only when given (no such page yet) */
  manageOrderLink?: string | null;
  tickets: ConfirmationTicketView[];
  /** the payments that took money on the order (card brand and last 4, gift card masked) */
  payments?: ReceiptPaymentView[];
  /** gift cards the order bought (handler `ledger`): the number is how they are spent */
  giftCards: { number: string; balance: number }[];
  /** what the order still owes under its payment plan (null: paid in full at checkout) */
  balance?: { outstanding: number; scheduled: { dueDate: string; amount: number }[] } | null;
  /** a gift order: the giftee's name (decision 0023); the mail still goes to the giver */
  gifteeName?: string | null;
  /**
   * the order mailed again after a change (identity §7 `log_context`, decision 0036): its
   * wording, the tickets the change cancelled and the money it gives back
   */
  change?: OrderChangeView | null;
  /** memberships the order made or renewed (decision 0032) */
  memberships?: ConfirmationMembership[];
  /** the answers to the order's checkout questions, titled (rules/checkout-answers.ts) */
  answers?: { title: string; text: string }[];
}

/** A ticket a change cancelled or moved, as the change's lines name it. */
type ChangedTicket = Pick<
  ConfirmationTicketView,
  'eventName' | 'typeName' | 'session' | 'timeZone' | 'ticketDateTime'
>;

/** What an `order_update` or `order_cancel` mail says changed. */
export interface OrderChangeView {
  kind: 'order_update' | 'order_cancel';
  cancelled: ChangedTicket[];
  /** a reschedule's new tickets, at their new times (issue #25); empty for a cancel */
  rescheduled?: ChangedTicket[];
  /** minor units the change's checkout charged (a dearer reschedule's difference) */
  chargedMinor?: number;
  /** minor units given back to the original payments (card and gift card) */
  refundMinor: number;
  /** what the order still owes after the change, and the link that pays it (decision 0101) */
  owed?: { minor: number; link: string } | null;
}

// the mail's subject and heading by what happened to the order
const WORDING = {
  order_confirmation: { subject: 'order', heading: 'Thank you for your order' },
  order_update: { subject: 'updated order', heading: 'Your order has been updated' },
  order_reschedule: { subject: 'rescheduled order', heading: 'Your tickets have been rescheduled' },
  order_cancel: {
    subject: 'order: tickets cancelled',
    heading: 'Your tickets have been cancelled',
  },
} as const;

/**
 * The order confirmation (issue #13 "E-mail"): a summary (what, when, how much), the links to
 * the tickets, then every ticket with its visit time and inline QR code, gift cards bought and
 * payments still due.
 */
export function orderConfirmationMail(input: OrderConfirmationInput) {
  const { brand } = input;
  const money = (minor: number) => formatMoney(minorToDecimal(minor), input.currency, brand.locale);
  const change = input.change ?? null;
  // issue #25: a change that moved tickets says so, not "cancelled"
  const moved = change?.kind === 'order_update' && (change.rescheduled?.length ?? 0) > 0;
  const wording = WORDING[moved ? 'order_reschedule' : (change?.kind ?? 'order_confirmation')];
  const subject = `Your ${brand.sellerName} ${wording.subject} ${input.orderNumber}`;
  const total = money(input.totalMinor);
  // spec: identity §9 — orders read 'ddd, MMMM D YYYY'
  const formats = dateFormatsFor(brand.locale);
  const placed = formatInZone(input.placedAt.toISOString(), formats.orderDate, brand.timeZone);
  const balance = input.balance && input.balance.outstanding > 0 ? input.balance : null;
  // spec: issue #22 — only what admits someone carries a QR code (rules/admission.ts)
  const admissions = input.tickets.filter(
    (t): t is ConfirmationTicketView & { qrCid: string } => t.qrCid !== null,
  );
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={`Order #${input.orderNumber} · ${total}`}>
      <MailHeading>{wording.heading}</MailHeading>
      <MailText>{`Order #${input.orderNumber}`}</MailText>
      <MailText muted>{`Placed ${placed}`}</MailText>
      {input.gifteeName && <MailText>{`This order is a gift for ${input.gifteeName}.`}</MailText>}
      {change && <ChangeSummary change={change} money={money} />}
      <ReceiptSummary
        tickets={input.tickets}
        totalMinor={input.totalMinor}
        payments={input.payments ?? []}
        money={money}
      />
      {input.answers && input.answers.length > 0 && (
        <>
          <MailHeading level={2}>About your booking</MailHeading>
          <MailList items={input.answers.map((a) => `${a.title}: ${a.text}`)} />
        </>
      )}
      <MailButton href={input.orderLink}>View your tickets</MailButton>
      {input.manageOrderLink && (
        <MailText>
          <MailLink href={input.manageOrderLink}>Manage your order</MailLink>
        </MailText>
      )}
      <MailDivider />
      <MailText muted>
        {admissions.length > 0
          ? "Show this code at the entrance, or each ticket's own code below."
          : "Your order's code"}
      </MailText>
      <MailImage
        src={`cid:${input.orderQrCid}`}
        alt={`QR code of order ${input.orderNumber}`}
        width={200}
        height={200}
        style={{ margin: '0 0 12px' }}
      />
      {admissions.length > 0 && (
        <>
          <MailHeading level={2}>
            {admissions.length === 1 ? 'Your ticket' : 'Your tickets'}
          </MailHeading>
          {admissions.map((ticket) => (
            <TicketCard key={ticket.qrCid} ticket={ticket} />
          ))}
        </>
      )}
      {input.giftCards.length > 0 && (
        <>
          <MailHeading level={2}>Gift cards</MailHeading>
          <MailList
            items={input.giftCards.map((g) => `Gift card ${g.number}: ${money(g.balance)}`)}
          />
        </>
      )}
      {input.memberships && input.memberships.length > 0 && (
        <>
          <MailHeading level={2}>
            {input.memberships.length === 1 ? 'Your membership' : 'Your memberships'}
          </MailHeading>
          <MailList
            items={input.memberships.map(
              (m) =>
                `Member ID ${m.memberCode}: ${m.level} membership, valid until ${membershipLastDay(m.validTo, brand.timeZone, brand.locale)}`,
            )}
          />
        </>
      )}
      {balance && (
        <>
          <MailHeading level={2}>Payments due</MailHeading>
          <MailText>{`Balance: ${money(balance.outstanding)}`}</MailText>
          <MailList
            items={balance.scheduled.map(
              (s) =>
                `Payment due ${formatCalendarDate(s.dueDate, brand.locale)}: ${money(s.amount)}`,
            )}
          />
        </>
      )}
    </MailLayout>,
  );
}

/** The change a re-mailed order reports: the cancelled tickets and the refund. */
function ChangeSummary({
  change,
  money,
}: {
  change: OrderChangeView;
  money: (minor: number) => string;
}) {
  const { locale } = useBrand();
  const line = (t: OrderChangeView['cancelled'][number]) =>
    [ticketName(t), ticketWhen(t, locale)].filter(Boolean).join(', ');
  const cancelled = change.cancelled.map(line);
  const rescheduled = (change.rescheduled ?? []).map(line);
  const charged = change.chargedMinor ?? 0;
  const owed = change.owed && change.owed.minor > 0 ? change.owed : null;
  // decision 0101: the order page's own words for a balance ('Balance to pay', 'Pay balance')
  const balance = owed && (
    <>
      <MailText>{`Balance to pay: ${money(owed.minor)}`}</MailText>
      <MailButton href={owed.link}>Pay balance</MailButton>
    </>
  );
  if (rescheduled.length > 0) {
    return (
      <>
        <MailText>
          {rescheduled.length === 1
            ? 'This ticket was rescheduled to:'
            : 'These tickets were rescheduled to:'}
        </MailText>
        <MailList items={rescheduled} />
        {cancelled.length > 0 && (
          <>
            <MailText>In place of:</MailText>
            <MailList items={cancelled} />
          </>
        )}
        {charged > 0 && <MailText>{`${money(charged)} was charged for the change.`}</MailText>}
        {change.refundMinor > 0 && (
          <MailText>
            {`${money(change.refundMinor)} will be refunded to your original payment method.`}
          </MailText>
        )}
        {charged === 0 && change.refundMinor === 0 && !owed && (
          <MailText>The change cost nothing extra.</MailText>
        )}
        {balance}
        <MailText muted>Your tickets as they are now:</MailText>
      </>
    );
  }
  return (
    <>
      {cancelled.length > 0 && (
        <>
          <MailText>
            {cancelled.length === 1
              ? 'This ticket was cancelled:'
              : 'These tickets were cancelled:'}
          </MailText>
          <MailList items={cancelled} />
        </>
      )}
      {change.refundMinor > 0 && (
        <MailText>
          {`${money(change.refundMinor)} will be refunded to your original payment method.`}
        </MailText>
      )}
      {balance}
      <MailText muted>Your tickets as they are now:</MailText>
    </>
  );
}
