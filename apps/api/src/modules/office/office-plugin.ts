import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OFFICE_ROLES, type StaffRole } from '@admit/contracts/office';
import { AppError } from '@/http/app-error';
import { readOfficeToken } from './office-cookie';
import { staffOfToken, type StaffCaller } from './office-sessions';

/** A route-level preHandler: the request's staff user, with one of the roles, or a refusal. */
export type StaffGuard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The office's one role guard (decision 0083): `preHandler: app.requireStaff(['owner'])`.
     * The route declares `config.caller: 'seller'` (the seller by `_seller` or its domain), so
     * this runs after the caller hook and checks the session belongs to that seller.
     */
    requireStaff: (roles: readonly StaffRole[]) => StaffGuard;
  }
  interface FastifyRequest {
    /** the signed-in staff user (office routes behind `requireStaff` only) */
    staff: StaffCaller;
  }
}

/** Who may reach what: the sets live in contracts, shared with the office's pages (0087). */
export { OFFICE_ROLES };

const notSignedIn = () =>
  new AppError('not_authorized', 'office_session', 'Please sign in to the office.', {
    cookie: 'office',
  });
const notAllowed = () =>
  new AppError('forbidden', 'office_session', 'Your role does not allow this.');

export const officePlugin = fp(
  async (app) => {
    const db = app.deps.database.db;
    app.decorateRequest('staff', null as unknown as StaffCaller);
    app.decorate('requireStaff', (roles: readonly StaffRole[]): StaffGuard => {
      const allowed = new Set<StaffRole>(roles);
      return async (request) => {
        const token = readOfficeToken(request);
        const staff = await staffOfToken(db, token, request.caller.seller.id, app.deps.now());
        // a dead cookie stays until logout or the next login: on a shared host it may be
        // another seller's live one, which this seller's refusal must not end
        if (!staff) throw notSignedIn();
        if (!allowed.has(staff.role)) throw notAllowed();
        request.staff = staff;
      };
    });
  },
  { name: 'office', dependencies: ['request-caller', '@fastify/cookie'] },
);
