import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import type { OfficeSessionResponse } from '@admit/contracts/office';
import {
  officeLoginRoute,
  officeLogoutRoute,
  officeMeRoute,
  officeTotpEnrolRoute,
  officeTotpSecretRoute,
} from '@admit/contracts/routes/office';
import { staffUser, type StaffUserRow } from '@/db/schema/office';
import { withRetryingTransaction } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { recordAudit } from './audit';
import { clearOfficeCookie, readOfficeToken, setOfficeCookie } from './office-cookie';
import { officeLogin } from './office-login';
import { OFFICE_ROLES } from './office-plugin';
import { destroyOfficeSession, staffOfToken } from './office-sessions';
import { auditView, findStaffById, toStaffUser } from './staff-repo';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

/**
 * The office session (decision 0083): POST /api/office/login and /logout, GET /api/office/me,
 * and the TOTP enrolment of the signed-in user. Never cached.
 */

const config = { caller: 'seller', callerContext: 'office_login' } as const;
const noQuery = { context: 'office', fields: {} };

const answerOf = (
  user: StaffUserRow,
  expiresAt: Date,
  sellerId: string,
): OfficeSessionResponse => ({
  office_session: toCollection([
    { staff_user_id: user.id, seller_id: sellerId, expires_at: expiresAt.toISOString() },
  ]),
  staff_user: toCollection([toStaffUser(user)]),
});

export const officeSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const production = app.deps.config.NODE_ENV === 'production';
  const signedIn = app.requireStaff(OFFICE_ROLES.door);

  app.route({
    ...fromTable(officeLoginRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const sellerId = request.caller.seller.id;
      const { user, session } = await officeLogin(db, sellerId, request.body, {
        ip: request.ip,
        at: app.deps.now(),
        currentToken: readOfficeToken(request),
      });
      setOfficeCookie(reply, session, production);
      return reply
        .header('cache-control', 'no-store')
        .send(answerOf(user, session.expiresAt, sellerId));
    },
  });

  app.route({
    ...fromTable(officeLogoutRoute),
    config,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const token = readOfficeToken(request);
      const at = app.deps.now();
      const staff = await staffOfToken(db, token, request.caller.seller.id, at);
      await withRetryingTransaction(db, async (tx) => {
        await destroyOfficeSession(tx, token);
        if (staff) {
          await recordAudit(tx, {
            sellerId: staff.sellerId,
            actor: { staffUserId: staff.staffUserId, name: staff.email },
            action: 'staff.logout',
            target: `staff_user:${staff.staffUserId}`,
            at,
          });
        }
      });
      clearOfficeCookie(reply, production);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  });

  app.route({
    ...fromTable(officeMeRoute),
    config,
    preHandler: signedIn,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const user = await findStaffById(db, request.staff.sellerId, request.staff.staffUserId);
      if (!user)
        throw new AppError('not_authorized', 'office_session', 'Please sign in to the office.');
      const answer = answerOf(user, request.staff.expiresAt, request.staff.sellerId);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(officeTotpSecretRoute),
    config,
    preHandler: signedIn,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const secret = newTotpSecret();
      const body = {
        totp_secret: toCollection([{ secret, otpauth_uri: totpUri(secret, request.staff.email) }]),
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  app.route({
    ...fromTable(officeTotpEnrolRoute),
    config,
    preHandler: signedIn,
    handler: async (request, reply) => {
      parseQuery(noQuery, request.query);
      const { staff } = request;
      const at = app.deps.now();
      const step = acceptedTotpStep(request.body.secret, request.body.totp, at, null);
      if (step === null) {
        throw new AppError(
          'otp_incorrect',
          'office_totp',
          'That code is not correct. Please try again.',
          {
            field: 'totp',
          },
        );
      }
      const user = await withRetryingTransaction(db, async (tx) => {
        const before = await findStaffById(tx, staff.sellerId, staff.staffUserId, true);
        if (!before)
          throw new AppError('not_authorized', 'office_session', 'Please sign in to the office.');
        // a stolen session must not swap the factor: an owner's password reset clears it first
        if (before.totpSecret !== null) {
          throw new AppError(
            'conflict',
            'office_totp',
            'A second factor is already enrolled. Ask an owner to reset your password to enrol a new one.',
          );
        }
        const [after] = await tx
          .update(staffUser)
          .set({ totpSecret: request.body.secret, totpLastStep: step, updatedAt: at })
          .where(eq(staffUser.id, before.id))
          .returning();
        await recordAudit(tx, {
          sellerId: staff.sellerId,
          actor: { staffUserId: staff.staffUserId, name: staff.email },
          action: 'staff.totp_enrol',
          target: `staff_user:${before.id}`,
          before: auditView(before),
          after: auditView(after!),
          at,
        });
        return after!;
      });
      return reply
        .header('cache-control', 'no-store')
        .send(answerOf(user, staff.expiresAt, staff.sellerId));
    },
  });
};
