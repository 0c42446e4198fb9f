import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLoginService, type LoginService } from './login-service';
import { createOtpService, type OtpService } from './otp-service';

/** The login services: password and external login, and the one-time passcode. */
export interface AuthServices {
  login: LoginService;
  otp: OtpService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** login and passcodes (identity §2 Login, §7 `login*`, `sso/*`): built once */
    auth: AuthServices;
  }
}

/** The login and passcode services, built once (issue #23: routes read `app.auth`). */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { database, config } = app.deps;
    const now = () => app.deps.now();
    app.decorate('auth', {
      login: createLoginService({ db: database.db, now }),
      otp: createOtpService({
        db: database.db,
        now,
        smtpConfigured: config.SMTP_URL !== undefined,
      }),
    });
  },
  { name: 'auth-service' },
);
