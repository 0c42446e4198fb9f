import fp from 'fastify-plugin';
import { startAuthHousekeeping } from '@/modules/auth/housekeeping';
import { startCartSweeper } from '@/modules/cart/expiry';
import { childProcessEncoder } from '@/modules/images/encoder-process';
import { createVariantWarmer } from '@/modules/images/warm-variants';
import { rollSessionRules } from '@/modules/seller-file/roll';
import { startIntervalJob, type IntervalJob } from '@/lib/interval-job';

/** A background job of the server: started once the app is ready, stopped when it closes. */
export interface BackgroundJob {
  name: string;
  /** starts the job; null when its env switch turns it off (an interval of 0) */
  start(): IntervalJob | null;
}

/**
 * The server's background jobs, the one place they start (decision 0028): every job starts when
 * the start gate opens (http/start-gate.ts: after main.ts migrated, or on the tests'
 * `app.ready()`), once, and stops in `onClose`,
 * waiting for a run in progress. Each interval comes from the env; 0 turns a job off.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { config, database, now } = app.deps;
    const db = database.db;
    const onError = (name: string) => (err: unknown) => app.log.error({ err }, `${name} failed`);
    const jobs: BackgroundJob[] = [
      // the outbox sender (SMTP or the dev mailbox): MAIL_POLL_MS, `kick()` after queuing
      {
        name: 'mail delivery',
        start() {
          app.mailSender.start();
          return app.mailSender;
        },
      },
      // processing payments settle: PAYMENT_SETTLE_POLL_MS (the Stripe webhook settles at once)
      {
        name: 'payment settlement',
        start: () =>
          config.PAYMENT_SETTLE_POLL_MS === 0
            ? null
            : startIntervalJob({
                intervalMs: config.PAYMENT_SETTLE_POLL_MS,
                run: async () => {
                  // recovery runs even when a settlement pass failed (and the other way round)
                  const settled = await app.paymentSettlement.tick().catch((err: unknown) => err);
                  await app.paymentSettlement.recover();
                  if (settled instanceof Error) throw settled;
                },
                onError: onError('payment settlement or recovery'),
              }),
      },
      // expired carts give their places back even when nobody reads them again (issue "Expiry")
      {
        name: 'cart sweep',
        start: () =>
          config.CART_SWEEP_MS === 0
            ? null
            : startCartSweeper({
                db,
                now,
                intervalMs: config.CART_SWEEP_MS,
                onError: onError('cart sweep'),
              }),
      },
      // membership terms renewed with their saved card before they end (decision 0038)
      {
        name: 'membership auto-renew',
        start: () =>
          config.AUTO_RENEW_POLL_MS === 0
            ? null
            : startIntervalJob({
                intervalMs: config.AUTO_RENEW_POLL_MS,
                run: () => app.autoRenew.run(),
                onError: onError('membership auto-renew'),
              }),
      },
      // rolling session windows (ahead_days) take in the days that have come (decision 0041)
      {
        name: 'session roll',
        start: () =>
          config.SESSION_ROLL_MS === 0
            ? null
            : startIntervalJob({
                intervalMs: config.SESSION_ROLL_MS,
                run: async () => {
                  await rollSessionRules(db, now());
                },
                onError: onError('session roll'),
              }),
      },
      // standard image variants encoded and kept before a visitor asks (decision 0033), by a
      // child process the job ends when idle and on stop, so libvips' memory is not the
      // server's (decision 0078)
      {
        name: 'image warming',
        start() {
          if (config.IMAGE_WARM_MS === 0) return null;
          const encoder = childProcessEncoder();
          const job = startIntervalJob({
            intervalMs: config.IMAGE_WARM_MS,
            run: createVariantWarmer({
              db,
              encoder,
              onError: (err, imageId) =>
                app.log.error({ err, imageId }, 'image warming skips a picture it cannot encode'),
            }),
            onError: onError('image warming'),
          });
          return {
            async stop() {
              await job.stop();
              await encoder.release();
            },
          };
        },
      },
      // ended sessions, passcode challenges, reset links and throttle counters (checked on use too)
      {
        name: 'auth housekeeping',
        start: () =>
          config.AUTH_HOUSEKEEPING_MS === 0
            ? null
            : startAuthHousekeeping({
                db,
                now,
                intervalMs: config.AUTH_HOUSEKEEPING_MS,
                onError: onError('auth housekeeping'),
              }),
      },
    ];

    const running: IntervalJob[] = [];
    // on a migrated database only: main.ts opens the gate after migrating (decision 0082)
    app.startGate.whenOpening(() => {
      for (const job of jobs) {
        const started = job.start();
        if (started) running.push(started);
      }
    });
    app.addHook('onClose', async () => {
      // each stop() marks its job stopped at once: from this line on, a job hands back its claims
      if (running.length > 0) app.log.info('stopping the background jobs');
      await Promise.all(running.splice(0).map((job) => job.stop()));
    });
  },
  // the jobs poll what these decorate: registered after them, or Fastify refuses to boot
  { name: 'jobs', dependencies: ['start-gate', 'mail', 'payment-settlement', 'auto-renew'] },
);
