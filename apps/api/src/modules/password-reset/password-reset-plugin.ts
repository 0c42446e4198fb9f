import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPasswordResetService, type PasswordResetService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** forgot and reset password (identity §7 `password_reset/*`): built once */
    passwordReset: PasswordResetService;
  }
}

/** The password reset service, built once (issue #23: routes read `app.passwordReset`). */
export const passwordResetPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'passwordReset',
      createPasswordResetService({ db: app.deps.database.db, now: () => app.deps.now() }),
    );
  },
  { name: 'password-reset-service' },
);
