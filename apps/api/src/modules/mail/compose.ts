import type { MailContent } from './templates/render-mail';
import type { OtpMailInput } from './templates/otp-mail';
import type { PasswordSetupMailInput } from './templates/password-setup-mail';
import type { MembershipResendMailInput, OrderResendMailInput } from './templates/resend-mails';
import type { OrderConfirmationInput } from './templates/order-confirmation-mail';
import type { GiftMembershipMailInput } from './templates/gift-membership-mail';
import type {
  AutoRenewCancelledInput,
  AutoRenewDeclinedInput,
  AutoRenewReceiptInput,
} from './templates/auto-renew-mails';

/*
 * The mails, composed when one is sent (decision 0030). Each loads its template on first use:
 * React and react-email stay out of start-up and out of processes that never send a mail.
 */

/** The one-time passcode mail (identity §2 Login): the code and the magic link. */
export async function otpMail(input: OtpMailInput): Promise<MailContent> {
  return (await import('./templates/otp-mail')).otpMail(input);
}

/** A reset link, or (guest_account, identity §8) the first-password link. */
export async function passwordSetupMail(input: PasswordSetupMailInput): Promise<MailContent> {
  return (await import('./templates/password-setup-mail')).passwordSetupMail(input);
}

/** Resend order (identity §2): the address's order numbers. */
export async function orderResendMail(input: OrderResendMailInput): Promise<MailContent> {
  return (await import('./templates/resend-mails')).orderResendMail(input);
}

/** Forgot membership (identity §2): member IDs, levels and expiry. */
export async function membershipResendMail(input: MembershipResendMailInput): Promise<MailContent> {
  return (await import('./templates/resend-mails')).membershipResendMail(input);
}

/** The order confirmation: summary, links, every ticket with its QR code (cid images). */
export async function orderConfirmationMail(input: OrderConfirmationInput): Promise<MailContent> {
  return (await import('./templates/order-confirmation-mail')).orderConfirmationMail(input);
}

/** A gift of membership: the giftee's code, the giver's message, the redeem link (decision 0038). */
export async function giftMembershipMail(input: GiftMembershipMailInput): Promise<MailContent> {
  return (await import('./templates/gift-membership-mail')).giftMembershipMail(input);
}

/** The receipt of an automatic membership renewal (decision 0038). */
export async function autoRenewReceiptMail(input: AutoRenewReceiptInput): Promise<MailContent> {
  return (await import('./templates/auto-renew-mails')).autoRenewReceiptMail(input);
}

/** An automatic renewal that could not be charged: renew by hand (decision 0038). */
export async function autoRenewDeclinedMail(input: AutoRenewDeclinedInput): Promise<MailContent> {
  return (await import('./templates/auto-renew-mails')).autoRenewDeclinedMail(input);
}

/** The member cancelled auto-renew: no charge, until when the term holds (identity §2). */
export async function autoRenewCancelledMail(input: AutoRenewCancelledInput): Promise<MailContent> {
  return (await import('./templates/auto-renew-mails')).autoRenewCancelledMail(input);
}
