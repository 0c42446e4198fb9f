import { eventually } from './storefront';

/** One mail as the dev mailbox's JSON view lists it (`GET /_dev/mail.json`). */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  created_at: string;
}

/** The mails sent to `to` (newest first), optionally of one kind. */
export async function mailsTo(baseUrl: string, to: string, kind?: string): Promise<DevMail[]> {
  const url = new URL('/_dev/mail.json', baseUrl);
  url.searchParams.set('to', to);
  if (kind) url.searchParams.set('kind', kind);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`dev mailbox answered ${res.status}`);
  const body = (await res.json()) as DevMail[] | { mails: DevMail[] };
  return Array.isArray(body) ? body : body.mails;
}

/**
 * Waits for a mail to `to` of `kind` newer than `since` and returns it: the visitor's inbox,
 * read the way a visitor would read it (the text of the mail, not the database).
 */
export async function waitForMail(
  baseUrl: string,
  to: string,
  kind: string,
  since: Date,
): Promise<DevMail> {
  let found: DevMail | undefined;
  await eventually(async () => {
    const mails = await mailsTo(baseUrl, to, kind);
    found = mails.find((m) => new Date(m.created_at).getTime() >= since.getTime() - 1000);
    if (!found) throw new Error(`no ${kind} mail to ${to} yet`);
  }, 15_000);
  return found!;
}

/** The six-digit passcode in a passcode mail. */
export function passcodeIn(mail: DevMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no passcode in mail "${mail.subject}"`);
  return match[1]!;
}

/** The first link in a mail's text that contains `pathPart`. */
export function linkIn(mail: DevMail, pathPart: string): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no link with ${pathPart} in mail "${mail.subject}"`);
  return link.replace(/[).,>]+$/, '');
}
