import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createResendService, type ResendService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** resend orders or member IDs by e-mail (identity §7 `ticket_order/resend`): built once */
    resend: ResendService;
  }
}

/** The resend service, built once (issue #23: routes read `app.resend`). */
export const resendPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'resend',
      createResendService({ db: app.deps.database.db, config: app.deps.config }),
    );
  },
  { name: 'resend-service' },
);
