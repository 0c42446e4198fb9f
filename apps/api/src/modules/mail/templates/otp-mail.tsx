import { OTP_TTL_MINUTES } from '@admit/contracts/constants';
import type { MailBrand } from '../mail-brand';
import { MailButton, MailHeading, MailText } from './mail-parts';
import { MailLayout } from './mail-layout';
import { renderMail } from './render-mail';

export interface OtpMailInput {
  brand: MailBrand;
  code: string;
  /** the magic link that fills the code in */
  link: string;
}

/** The one-time passcode mail: the 6-digit code and the magic link that fills it in. */
export function otpMail({ brand, code, link }: OtpMailInput) {
  const subject = `Your ${brand.sellerName} login code: ${code}`;
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={`Your login code is ${code}`}>
      <MailHeading>Your login code</MailHeading>
      <MailText>
        {`Your login code for ${brand.sellerName} is `}
        <strong style={{ fontSize: '28px', letterSpacing: '0.2em', whiteSpace: 'nowrap' }}>
          {code}
        </strong>
        .
      </MailText>
      <MailText>Or open this link to log in:</MailText>
      <MailButton href={link}>Log in</MailButton>
      <MailText muted>
        {`The code works for ${OTP_TTL_MINUTES} minutes. If you did not ask for this code, you can ignore this e-mail.`}
      </MailText>
    </MailLayout>,
  );
}
