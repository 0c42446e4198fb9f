import { Column, Row, Section } from '@react-email/components';
import type { ReceiptTicket } from '@admit/contracts/rules/receipt-lines';
import { sessionWhenLabel, type TicketDateTime } from '@admit/contracts/session-time';
import { useBrand } from './brand-context';
import { MailImage, MailText } from './mail-parts';

/** One ticket of the confirmation: what it is, when, its receipt line and its QR code's cid. */
export interface ConfirmationTicketView extends ReceiptTicket {
  eventName: string;
  typeName: string;
  ticketTypeId: string;
  scanCode: string;
  /** content id of the ticket's inline QR PNG (`cid:…`); null: not an admission, no QR code */
  qrCid: string | null;
  /** the session; null for a ticket valid on any date */
  session: { start_datetime: string; end_datetime: string } | null;
  /** the zone the session reads in: its venue's, else the seller's */
  timeZone: string;
  /** the event's meta `ticket_date_time` (shopping §3): how its dates read; null or absent: default */
  ticketDateTime?: TicketDateTime;
  /** a seated ticket's seat, "Stalls, Row F, seat 12" (issue #24); null or absent: unseated */
  seatName?: string | null;
}

/** "Museum – Adult": the ticket's event and type, as the order page names it. */
export const ticketName = (t: Pick<ConfirmationTicketView, 'eventName' | 'typeName'>) =>
  [t.eventName, t.typeName].filter(Boolean).join(' – ');

/**
 * "Wed, Dec 2, 2026 at 10:00 AM" in the venue's zone, in the seller locale's patterns (shopping §9
 * cart formats; en-GB "Wed 2 Dec 2026, 10:00") and as the event's `ticket_date_time` says; null:
 * any date, or an event that hides its ticket dates.
 */
export const ticketWhen = (
  t: Pick<ConfirmationTicketView, 'session' | 'timeZone' | 'ticketDateTime'>,
  locale: string,
) => sessionWhenLabel(t.session, t.timeZone, locale, t.ticketDateTime);

/** A ticket's card: name, visit time and number beside its QR code (stacked on phones). */
export function TicketCard({ ticket }: { ticket: ConfirmationTicketView & { qrCid: string } }) {
  const { colors, radiusPx, locale } = useBrand();
  const when = ticketWhen(ticket, locale);
  return (
    <Section
      style={{
        border: `1px solid ${colors.border}`,
        borderRadius: `${radiusPx}px`,
        margin: '0 0 12px',
        padding: '16px',
      }}
    >
      <Row>
        <Column className="stack" style={{ verticalAlign: 'top', paddingRight: '12px' }}>
          <MailText style={{ fontWeight: 700, margin: '0 0 4px' }}>{ticketName(ticket)}</MailText>
          {when && <MailText style={{ margin: '0 0 4px' }}>{when}</MailText>}
          {ticket.seatName && (
            <MailText style={{ margin: '0 0 4px' }}>{`Seat: ${ticket.seatName}`}</MailText>
          )}
          <MailText muted style={{ margin: 0, wordBreak: 'break-all' }}>
            {`Ticket #${ticket.scanCode}`}
          </MailText>
        </Column>
        <Column className="stack" align="right" style={{ width: '160px', verticalAlign: 'top' }}>
          <MailImage
            src={`cid:${ticket.qrCid}`}
            alt={`QR code of ticket #${ticket.scanCode}`}
            width={160}
            height={160}
            style={{ marginTop: '8px' }}
          />
        </Column>
      </Row>
    </Section>
  );
}

/** A membership the order made (decision 0032): member ID, level, last day of the term. */
export interface ConfirmationMembership {
  memberCode: string;
  level: string;
  /** the term's end (ISO instant); the mail writes its last day with `membershipLastDay` */
  validTo: string;
}
