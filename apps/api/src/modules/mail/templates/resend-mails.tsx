import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { membershipLastDay } from '@admit/contracts/rules/membership-dates';
import type { MailBrand } from '../mail-brand';
import { MailButton, MailHeading, MailList, MailText } from './mail-parts';
import { MailLayout } from './mail-layout';
import { renderMail } from './render-mail';

export interface OrderResendMailInput {
  brand: MailBrand;
  /** newest first */
  orders: { orderNumber: string; placedAt: Date }[];
}

/** Resend order (identity §2): the address's orders, each with the day it was placed. */
export function orderResendMail({ brand, orders }: OrderResendMailInput) {
  const subject = `Your ${brand.sellerName} orders`;
  const lead = `Here are your orders with ${brand.sellerName}:`;
  // spec: identity §9 — orders read 'ddd, MMMM D YYYY', on the seller's calendar
  const placed = (at: Date) =>
    formatInZone(at.toISOString(), dateFormatsFor(brand.locale).orderDate, brand.timeZone);
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>Your orders</MailHeading>
      <MailText>{lead}</MailText>
      <MailList
        items={orders.map((o) => `Order #${o.orderNumber}, placed ${placed(o.placedAt)}`)}
      />
      <MailButton href={brand.homeUrl}>{`Visit ${brand.sellerName}`}</MailButton>
    </MailLayout>,
  );
}

export interface MembershipLine {
  memberCode: string;
  level: string;
  validTo: Date;
}

export interface MembershipResendMailInput {
  brand: MailBrand;
  memberships: MembershipLine[];
}

/** Forgot membership (identity §2): each membership's member ID, level and expiry. */
export function membershipResendMail({ brand, memberships }: MembershipResendMailInput) {
  const subject = `Your ${brand.sellerName} membership ID`;
  const lead = `Here are your ${brand.sellerName} memberships:`;
  const line = (m: MembershipLine) =>
    `Member ID ${m.memberCode} (${m.level}, valid to ${membershipLastDay(m.validTo, brand.timeZone, brand.locale)})`;
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>Your membership</MailHeading>
      <MailText>{lead}</MailText>
      <MailList items={memberships.map(line)} />
    </MailLayout>,
  );
}
