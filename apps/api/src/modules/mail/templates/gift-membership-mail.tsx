import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { withArticle } from '@admit/contracts/rules/english-article';
import type { MailBrand } from '../mail-brand';
import { MailButton, MailHeading, MailText } from './mail-parts';
import { MailLayout } from './mail-layout';
import { renderMail } from './render-mail';

export interface GiftMembershipMailInput {
  brand: MailBrand;
  /** the giver's name as the giftee knows it ("Ada Lovelace"), or null */
  giverName: string | null;
  gifteeFirstName: string | null;
  /** the level given ("Family") */
  level: string;
  /** the 10-character gift code (identity §5) */
  code: string;
  /** the giver's message, as typed */
  message: string | null;
  /** the first instant the code no longer works: its last day reads on the seller's calendar */
  validTo: Date;
  /** `/{slug}/membership/redeem?gift_code=…` on the public origin */
  redeemLink: string;
}

/**
 * A gift of membership (identity §2 "Redeem gift of membership", §5 gift code; decision 0038):
 * to the giftee, who gave it, the giver's message, the code and the redeem link.
 */
export function giftMembershipMail(input: GiftMembershipMailInput) {
  const { brand } = input;
  const from = input.giverName ?? 'Someone';
  const subject = `${from} has given you ${withArticle(brand.sellerName)} membership`;
  const greeting = input.gifteeFirstName ? `Hello ${input.gifteeFirstName},` : 'Hello,';
  const lead = `${from} has given you ${withArticle(input.level)} membership to ${brand.sellerName}.`;
  // valid_to is the first instant after the last day the code works
  const lastDay = formatInZone(
    new Date(input.validTo.getTime() - 1).toISOString(),
    dateFormatsFor(brand.locale).cartDate,
    brand.timeZone,
  );
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>A gift of membership</MailHeading>
      <MailText>{greeting}</MailText>
      <MailText>{lead}</MailText>
      {input.message ? (
        <>
          <MailText muted>{`A message from ${from}:`}</MailText>
          <MailText style={{ fontStyle: 'italic', whiteSpace: 'pre-line' }}>
            {input.message}
          </MailText>
        </>
      ) : null}
      <MailText>{`Your gift code is ${input.code}.`}</MailText>
      <MailButton href={input.redeemLink}>Redeem my membership</MailButton>
      <MailText muted>{`The code can be redeemed once, until ${lastDay}.`}</MailText>
    </MailLayout>,
  );
}
