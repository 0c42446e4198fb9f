import fp from 'fastify-plugin';
import { devMailboxRoutes } from './dev-mailbox';
import {
  createMailSender,
  devMailboxTransport,
  smtpTransport,
  type MailSender,
  type MailTransport,
} from './mail-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** the outbox sender: `kick()` after queuing a mail, `tick()` in tests */
    mailSender: MailSender;
  }
}

/**
 * Mail: the outbox sender (SMTP when SMTP_URL is set; otherwise, outside production, mails are
 * marked delivered into the dev mailbox) polled as a background job (jobs/registry.ts), and the dev
 * mailbox routes outside production.
 */
export const mailPlugin = fp<{ transport?: MailTransport }>(
  async (app, { transport: transportOverride }) => {
    const { config, database, now } = app.deps;
    const production = config.NODE_ENV === 'production';
    const transport =
      transportOverride ??
      (config.SMTP_URL
        ? smtpTransport(config.SMTP_URL, config.MAIL_FROM)
        : production
          ? null
          : devMailboxTransport);
    const sender = createMailSender({
      db: database.db,
      now,
      transport,
      intervalMs: config.MAIL_POLL_MS,
      onError: (err) => app.log.error({ err }, 'mail delivery failed'),
    });
    // started and stopped with the other background jobs (jobs/registry.ts)
    app.decorate('mailSender', sender);
    if (!transport) app.log.warn('SMTP_URL is not set: outgoing mail stays queued in the outbox');
    if (!production) await app.register(devMailboxRoutes);
  },
  { name: 'mail' },
);
