import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/components';

/** What every mail template yields: the outbox's subject, plain-text and HTML bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const heading = (selector: string) => ({ selector, options: { uppercase: false } });

/**
 * The plain-text part is the HTML read as text (html-to-text, through react-email), so the two
 * parts cannot drift: headings keep their case, images and the preview line are left out, a
 * link reads as its label followed by its address.
 */
const PLAIN_TEXT = {
  selectors: [heading('h1'), heading('h2'), heading('h3')],
};

/** Renders a template to the mail's HTML and its plain-text part. */
export async function renderMail(subject: string, element: ReactElement): Promise<MailContent> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html, PLAIN_TEXT) };
}
