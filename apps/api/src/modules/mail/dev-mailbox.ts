import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { isUuid } from '@/http/query-values';
import { escapeHtml } from '@/lib/escape-html';
import type { OutgoingAttachment } from './outbox';
import { findMail, listMails, type OutboxRow } from './repo';

const filterQuery = z.object({
  to: z.string().max(254).optional(),
  kind: z.string().max(50).optional(),
  seller: z.string().max(100).optional(),
});
const LIST_LIMIT = 200;
const idParams = z.object({ id: z.string() });
// what the e2e tests read from /_dev/mail.json (development only, not a spec wire shape)
const devMailSchema = z.object({
  id: z.string(),
  seller: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  created_at: z.string(),
});
// the HTML pages: Fastify sends a string as it is, the schema only types the reply
// The page is HTML. Its 404 is either the route's own "No such mail" page or the path guard's
// `_data` error envelope (an id holding a NUL): a string-only 404 schema turned the envelope
// into a 500 (found by the route fuzz).
const htmlResponse = { 200: z.string(), 404: z.union([z.string(), errorEnvelopeSchema]) };

/** `cid:` image references replaced by data URLs, so the stored mail renders without SMTP. */
export function inlineCidImages(html: string, attachments: OutgoingAttachment[]): string {
  return html.replace(/(["'])cid:([^"']+)\1/g, (whole, quote: string, cid: string) => {
    const part = attachments.find((a) => a.cid === cid);
    return part ? `${quote}data:${part.contentType};base64,${part.base64}${quote}` : whole;
  });
}

const shell = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  '<style>body{font-family:system-ui,sans-serif;margin:2rem}td,th{padding:.3rem .6rem;text-align:left}' +
  'iframe{width:100%;height:70vh;border:1px solid #ccc}pre{white-space:pre-wrap}</style></head>' +
  `<body>${body}</body></html>`;

function listPage(rows: { mail: OutboxRow; sellerSlug: string }[], to: string | undefined) {
  const items = rows
    .map(
      ({ mail, sellerSlug }) =>
        `<tr><td>${escapeHtml(mail.createdAt.toISOString())}</td><td>${escapeHtml(sellerSlug)}</td>` +
        `<td>${escapeHtml(mail.toAddress)}</td><td>${escapeHtml(mail.kind)}</td>` +
        `<td><a href="/_dev/mail/${mail.id}">${escapeHtml(mail.subject)}</a></td>` +
        `<td>${escapeHtml(mail.status)}</td></tr>`,
    )
    .join('');
  const heading = to ? `Dev mailbox: ${to}` : 'Dev mailbox';
  return shell(
    heading,
    `<h1>${escapeHtml(heading)}</h1>` +
      '<p>Mails the server queued (development only; with SMTP_URL they are also delivered).</p>' +
      (rows.length === 0
        ? '<p>No mail yet.</p>'
        : '<table><thead><tr><th>Queued</th><th>Seller</th><th>To</th><th>Kind</th><th>Subject</th>' +
          `<th>Status</th></tr></thead><tbody>${items}</tbody></table>`),
  );
}

function mailPage(mail: OutboxRow) {
  const attachments = mail.attachments as OutgoingAttachment[];
  // the mail's own HTML is shown in a sandboxed frame: no scripts, no access to this page
  const body = mail.htmlBody
    ? `<iframe sandbox title="Mail body" srcdoc="${escapeHtml(inlineCidImages(mail.htmlBody, attachments))}"></iframe>`
    : `<pre>${escapeHtml(mail.textBody)}</pre>`;
  return shell(
    mail.subject,
    '<p><a href="/_dev/mail">← All mail</a></p>' +
      `<h1>${escapeHtml(mail.subject)}</h1>` +
      `<p>To: ${escapeHtml(mail.toAddress)} · Kind: ${escapeHtml(mail.kind)} · Status: ${escapeHtml(mail.status)}</p>` +
      body +
      `<h2>Text</h2><pre>${escapeHtml(mail.textBody)}</pre>`,
  );
}

/**
 * The dev mailbox (never in production): every queued mail as HTML pages and as JSON for the
 * e2e tests, so flows that send mail can be followed without an SMTP server.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.get(
    '/_dev/mail',
    { schema: { querystring: filterQuery, response: htmlResponse } },
    async (request, reply) => {
      const filter = request.query;
      const rows = await listMails(db, { ...filter, sellerSlug: filter.seller, limit: LIST_LIMIT });
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(listPage(rows, filter.to));
    },
  );

  app.get(
    '/_dev/mail.json',
    {
      schema: {
        querystring: filterQuery,
        response: { 200: z.object({ mails: z.array(devMailSchema) }) },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      const rows = await listMails(db, { ...filter, sellerSlug: filter.seller, limit: LIST_LIMIT });
      const mails = rows.map(({ mail, sellerSlug }) => ({
        id: mail.id,
        seller: sellerSlug,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        kind: mail.kind,
        status: mail.status,
        created_at: mail.createdAt.toISOString(),
      }));
      return reply.header('cache-control', 'no-store').send({ mails });
    },
  );

  app.get(
    '/_dev/mail/:id',
    { schema: { params: idParams, response: htmlResponse } },
    async (request, reply) => {
      const { id } = request.params;
      const mail = isUuid(id) ? await findMail(db, id.toLowerCase()) : null;
      if (!mail) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(shell('Not found', '<p>No such mail.</p>'));
      }
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(mailPage(mail));
    },
  );
};
