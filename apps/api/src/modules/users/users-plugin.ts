import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUserService, type UserService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** accounts (identity §7 `user`, `my/user*`): built once, read by the user routes */
    users: UserService;
  }
}

/** The user service, built once for the whole app (issue #23: routes read `app.users`). */
export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'users',
      createUserService({ db: app.deps.database.db, now: () => app.deps.now() }),
    );
  },
  { name: 'users-service' },
);
