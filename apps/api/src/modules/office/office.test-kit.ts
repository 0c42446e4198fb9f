import type { FastifyInstance } from 'fastify';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { OFFICE_SESSION_COOKIE, type StaffRole } from '@admit/contracts/office';
import type { Db } from '@/db/connection';
import { and, eq } from 'drizzle-orm';
import { auditLog, staffUser, type StaffUserRow } from '@/db/schema/office';
import { hashPassword } from '@/modules/users/password-hash';

/** Test helpers of the back office (decision 0083): staff users and their office calls. */

export const STAFF_PASSWORD = 'Office-pass-1';

export async function makeStaff(
  db: Db,
  sellerId: string,
  role: StaffRole,
  overrides: Partial<typeof staffUser.$inferInsert> = {},
): Promise<StaffUserRow> {
  const [row] = await db
    .insert(staffUser)
    .values({
      sellerId,
      role,
      email: `${role}-${Math.random().toString(36).slice(2, 10)}@staff.example`,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      ...overrides,
    })
    .returning();
  return row!;
}

export interface OfficeCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** after /api/office/, with its own query if any */
  path: string;
  slug: string;
  cookie?: string;
  body?: object;
  headers?: Record<string, string>;
}

/** One office call with the app header (CSRF) and the office cookie when given. */
export function officeCall(app: FastifyInstance, call: OfficeCall) {
  const sep = call.path.includes('?') ? '&' : '?';
  return app.inject({
    method: call.method ?? 'GET',
    url: `/api/office/${call.path}${sep}_seller=${call.slug}`,
    headers: { [APP_HEADER]: APP_HEADER_VALUE, ...call.headers },
    cookies: call.cookie ? { [OFFICE_SESSION_COOKIE]: call.cookie } : {},
    ...(call.body === undefined ? {} : { payload: call.body }),
  });
}

/** Logs a staff user in; the office cookie's value (throws when the login fails). */
export async function officeLogin(
  app: FastifyInstance,
  slug: string,
  email: string,
  password = STAFF_PASSWORD,
  totp?: string,
): Promise<string> {
  const res = await officeCall(app, {
    method: 'POST',
    path: 'login',
    slug,
    body: { email, password, ...(totp ? { totp } : {}) },
  });
  const cookie = res.cookies.find((c) => c.name === OFFICE_SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`login ${res.statusCode}: ${res.body}`);
  return cookie.value;
}

/** A seller's audit records of one action. */
export const auditOf = (db: Db, sellerId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.sellerId, sellerId), eq(auditLog.action, action)));
