import type { MailBrand } from '../mail-brand';
import { MailButton, MailHeading, MailText } from './mail-parts';
import { MailLayout } from './mail-layout';
import { renderMail } from './render-mail';

export interface PasswordSetupMailInput {
  brand: MailBrand;
  link: string;
  /** `staff_password_reset`: a staff user's office password (decision 0095) */
  kind: 'password_reset' | 'guest_account' | 'staff_password_reset';
  ttlMinutes: number;
}

/** A reset link, or (guest_account, identity §8) the first-password link of a checkout account. */
export function passwordSetupMail({ brand, link, kind, ttlMinutes }: PasswordSetupMailInput) {
  const guest = kind === 'guest_account';
  const seller = brand.sellerName;
  const account = kind === 'staff_password_reset' ? `${seller} office` : seller;
  const subject = guest
    ? `Set a password for your ${seller} account`
    : `Reset your ${account} password`;
  const lead = guest
    ? `Your ${seller} account has no password set yet. Choose one with this link:`
    : `Someone asked to reset the password of your ${account} account. Choose a new one with this link:`;
  return renderMail(
    subject,
    <MailLayout brand={brand} title={subject} preview={lead}>
      <MailHeading>{guest ? 'Set your password' : 'Reset your password'}</MailHeading>
      <MailText>{lead}</MailText>
      <MailButton href={link}>{guest ? 'Set my password' : 'Reset my password'}</MailButton>
      <MailText muted>
        {`The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`}
      </MailText>
    </MailLayout>,
  );
}
