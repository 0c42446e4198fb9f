/**
 * The mail texts (identity §2 "Resend, forgot and reset", §8 guest_account). Each template gives
 * a subject, a plain-text body and an HTML body; every interpolated value is HTML-escaped.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A minimal HTML document; `body` is already escaped markup. */
function page(title: string, body: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem">',
    body,
    '</body></html>',
  ].join('');
}

const link = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;

/** The one-time passcode mail: the 6-digit code and the magic link that fills it in. */
export function otpMail(input: { sellerName: string; code: string; link: string }): MailContent {
  const subject = `Your ${input.sellerName} login code: ${input.code}`;
  return {
    subject,
    text: [
      `Your login code for ${input.sellerName} is ${input.code}.`,
      '',
      `Or open this link to log in: ${input.link}`,
      '',
      'If you did not ask for this code, you can ignore this e-mail.',
    ].join('\n'),
    html: page(
      subject,
      [
        `<p>Your login code for ${escapeHtml(input.sellerName)} is</p>`,
        `<p style="font-size:2rem;letter-spacing:.3em"><strong>${escapeHtml(input.code)}</strong></p>`,
        link(input.link, 'Log in'),
        '<p>If you did not ask for this code, you can ignore this e-mail.</p>',
      ].join(''),
    ),
  };
}

/** A reset link, or (guest_account) the first-password link of an account made at checkout. */
export function passwordSetupMail(input: {
  sellerName: string;
  link: string;
  kind: 'password_reset' | 'guest_account';
  ttlMinutes: number;
}): MailContent {
  const guest = input.kind === 'guest_account';
  const subject = guest
    ? `Set a password for your ${input.sellerName} account`
    : `Reset your ${input.sellerName} password`;
  const lead = guest
    ? `Your ${input.sellerName} account has no password set yet. Choose one with this link:`
    : `Someone asked to reset the password of your ${input.sellerName} account. Choose a new one with this link:`;
  const note = `The link works once and expires in ${input.ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`;
  return {
    subject,
    text: [lead, '', input.link, '', note].join('\n'),
    html: page(
      subject,
      `<p>${escapeHtml(lead)}</p>${link(input.link, guest ? 'Set my password' : 'Reset my password')}<p>${escapeHtml(note)}</p>`,
    ),
  };
}

/** Resend order (identity §2): the order numbers of the address's orders. */
export function orderResendMail(input: {
  sellerName: string;
  orderNumbers: string[];
}): MailContent {
  const subject = `Your ${input.sellerName} orders`;
  const lead = `Here are your orders with ${input.sellerName}:`;
  return {
    subject,
    text: [lead, '', ...input.orderNumbers.map((n) => `- Order #${n}`)].join('\n'),
    html: page(
      subject,
      `<p>${escapeHtml(lead)}</p><ul>${input.orderNumbers
        .map((n) => `<li>Order #${escapeHtml(n)}</li>`)
        .join('')}</ul>`,
    ),
  };
}

export interface MembershipLine {
  memberCode: string;
  level: string;
  validTo: string;
}

/** Forgot membership (identity §2): each membership's member ID, level and expiry. */
export function membershipResendMail(input: {
  sellerName: string;
  memberships: MembershipLine[];
}): MailContent {
  const subject = `Your ${input.sellerName} membership ID`;
  const lead = `Here are your ${input.sellerName} memberships:`;
  const line = (m: MembershipLine) =>
    `Member ID ${m.memberCode} (${m.level}, valid to ${m.validTo})`;
  return {
    subject,
    text: [lead, '', ...input.memberships.map((m) => `- ${line(m)}`)].join('\n'),
    html: page(
      subject,
      `<p>${escapeHtml(lead)}</p><ul>${input.memberships
        .map((m) => `<li>${escapeHtml(line(m))}</li>`)
        .join('')}</ul>`,
    ),
  };
}
