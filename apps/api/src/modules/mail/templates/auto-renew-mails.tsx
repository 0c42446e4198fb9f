import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import { membershipLastDay } from '@admit/contracts/rules/membership-dates';
import type { MailBrand } from '../mail-brand';
import { MailButton, MailHeading, MailLink, MailList, MailText } from './mail-parts';
import { MailLayout } from './mail-layout';
import { renderMail } from './render-mail';

/** A term's last day on the seller's calendar: the one home the account page reads too. */
const lastDayOf = (validTo: Date, brand: MailBrand) =>
  membershipLastDay(validTo, brand.timeZone, brand.locale);

/** The saved card as the member knows it: "Visa ending 4242". */
const cardName = (card: { brand: string | null; last4: string | null }) => {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return card.last4 ? `${brand} ending ${card.last4}` : 'your saved card';
};

export interface AutoRenewReceiptInput {
  brand: MailBrand;
  memberCode: string;
  level: string;
  orderNumber: string;
  totalMinor: number;
  currency: string;
  card: { brand: string | null; last4: string | null };
  /** the new term's end */
  validTo: Date;
  /** the renewal order's secret link */
  orderLink: string;
}

/** The receipt of an automatic renewal (decision 0038): what was charged, and until when. */
export function autoRenewReceiptMail(input: AutoRenewReceiptInput) {
  const { brand } = input;
  const subject = `Your ${brand.sellerName} membership has been renewed`;
  const total = formatMoney(minorToDecimal(input.totalMinor), input.currency, brand.locale);
  const lead = `Your ${input.level} membership renewed automatically and is now valid until ${lastDayOf(input.validTo, brand)}.`;
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>Membership renewed</MailHeading>
      <MailText>{lead}</MailText>
      <MailList
        items={[
          `Member ID ${input.memberCode}`,
          `Order #${input.orderNumber}`,
          `Charged ${total} to ${cardName(input.card)}`,
        ]}
      />
      <MailButton href={input.orderLink}>View my order</MailButton>
      <MailText muted>
        {'You can turn auto-renew off at any time from your membership details.'}
      </MailText>
    </MailLayout>,
  );
}

export interface AutoRenewDeclinedInput {
  brand: MailBrand;
  memberCode: string;
  level: string;
  card: { brand: string | null; last4: string | null } | null;
  /** the current term's end: the membership lapses then */
  validTo: Date;
  /** `/{slug}/membership/renew` on the public origin */
  renewLink: string;
  /** the provider's message ("Your card was declined."), or null */
  reason: string | null;
}

/**
 * The automatic renewal could not be charged (decision 0038): the membership lapses at the end
 * of its term unless the member renews by hand with the link.
 */
export function autoRenewDeclinedMail(input: AutoRenewDeclinedInput) {
  const { brand } = input;
  const subject = `We could not renew your ${brand.sellerName} membership`;
  const lastDay = lastDayOf(input.validTo, brand);
  const lead = input.card
    ? `We tried to renew your ${input.level} membership with ${cardName(input.card)}, but the payment did not go through.`
    : `We could not renew your ${input.level} membership automatically.`;
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>Your membership was not renewed</MailHeading>
      <MailText>{lead}</MailText>
      {input.reason ? <MailText muted>{input.reason}</MailText> : null}
      <MailText>
        {`Member ID ${input.memberCode} stays valid until ${lastDay}. To keep your membership, renew it by hand:`}
      </MailText>
      <MailButton href={input.renewLink}>Renew my membership</MailButton>
      <MailText muted>
        {'Or copy this address into your browser: '}
        <MailLink href={input.renewLink}>{input.renewLink}</MailLink>
      </MailText>
    </MailLayout>,
  );
}

export interface AutoRenewCancelledInput {
  brand: MailBrand;
  memberCode: string;
  level: string;
  /** the term's end: the membership lapses then unless renewed by hand */
  validTo: Date;
  /** `/{slug}/membership/renew` on the public origin */
  renewLink: string;
}

/**
 * Auto-renew was cancelled (identity §2 "Cancel auto-renew"): the member's confirmation that no
 * card will be charged, until when the membership holds, and how to renew it by hand.
 */
export function autoRenewCancelledMail(input: AutoRenewCancelledInput) {
  const { brand } = input;
  const subject = `Auto-renew is cancelled for your ${brand.sellerName} membership`;
  const lastDay = lastDayOf(input.validTo, brand);
  const lead = `Your ${input.level} membership will no longer renew automatically, and your card will not be charged.`;
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>Auto-renew cancelled</MailHeading>
      <MailText>{lead}</MailText>
      <MailText>
        {`Member ID ${input.memberCode} stays valid until ${lastDay}. You can still renew it yourself before then:`}
      </MailText>
      <MailButton href={input.renewLink}>Renew my membership</MailButton>
      <MailText muted>{'If you did not cancel auto-renew, please contact us.'}</MailText>
    </MailLayout>,
  );
}
