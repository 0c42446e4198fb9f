import type { Transporter } from 'nodemailer';
import { loadOnce } from '@/lib/load-once';
import type { Db } from '@/db/connection';
import type { OutgoingAttachment } from './outbox';
import { claimDueMails, markAttemptFailed, markSent, releaseClaims, type OutboxRow } from './repo';

/** Delivers one outbox row; throws when the server refuses or cannot be reached. */
export interface MailTransport {
  deliver(mail: OutboxRow): Promise<void>;
  close?(): void;
}

export const MAIL_MAX_ATTEMPTS = 8;
export const MAIL_RETRY_BASE_MS = 30_000;
/** a claimed mail is left alone this long; a sender that died mid-send frees it after */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Wait after the n-th failed attempt: 30 s, 1 min, 2 min, … (30 s × 2^(n−1)). */
export const retryDelayMs = (attempts: number) => MAIL_RETRY_BASE_MS * 2 ** (attempts - 1);

/**
 * Real delivery through SMTP (nodemailer), with the inline attachments as cid parts. nodemailer
 * loads with the first mail sent, not at start-up (decision 0072).
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  let opened: Transporter | undefined;
  const open = loadOnce(async () => {
    opened = (await import('nodemailer')).default.createTransport(smtpUrl);
    return opened;
  });
  return {
    async deliver(mail) {
      const attachments = (mail.attachments as OutgoingAttachment[]).map((a) => ({
        filename: a.filename,
        cid: a.cid,
        contentType: a.contentType,
        content: a.base64,
        encoding: 'base64',
      }));
      const transporter = await open();
      await transporter.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments,
      });
    },
    close: () => opened?.close(),
  };
}

/** Without SMTP the mail is "delivered" into the dev mailbox: the row itself, shown at /_dev/mail. */
export const devMailboxTransport: MailTransport = { deliver: async () => {} };

export interface MailSender {
  /** delivers every due mail once; returns how many were sent */
  tick(): Promise<number>;
  /** asks for a tick soon (enqueuers call it after their transaction commits) */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The outbox sender: claims due rows, delivers them, marks them sent, and on failure retries
 * with exponential backoff until MAIL_MAX_ATTEMPTS, then marks them `failed` with the error.
 * One tick runs at a time per process; several processes share the work through the claim.
 * `stop()` lets the mail in hand finish and hands the rest of the claimed batch back.
 */
export function createMailSender(options: {
  db: Db;
  now: () => Date;
  transport: MailTransport | null;
  intervalMs: number;
  onError: (err: unknown) => void;
}): MailSender {
  const { db, now, transport } = options;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const claimed = await claimDueMails(db, now(), CLAIM_LEASE_MS, BATCH);
      for (const [i, mail] of claimed.entries()) {
        // stopping: the mail being sent finishes, the rest of the batch is handed back
        if (stopped) {
          await releaseClaims(
            db,
            claimed.slice(i).map((m) => m.id),
            now(),
          );
          return sent;
        }
        try {
          await transport.deliver(mail);
          await markSent(db, mail.id, now());
          sent++;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const retryAt =
            mail.attempts >= MAIL_MAX_ATTEMPTS
              ? null
              : new Date(now().getTime() + retryDelayMs(mail.attempts));
          await markAttemptFailed(db, mail.id, message.slice(0, 1000), retryAt);
        }
      }
      if (claimed.length < BATCH || stopped) return sent;
    }
  }

  function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void tick().catch(options.onError);
      }
    });
    return running;
  }

  return {
    tick,
    kick() {
      if (timer && !stopped) void tick().catch(options.onError);
    },
    start() {
      if (!transport || options.intervalMs === 0 || timer) return;
      timer = setInterval(() => void tick().catch(options.onError), options.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
      transport?.close?.();
    },
  };
}
