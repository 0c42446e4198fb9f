import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/connection';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import { SESSION_COOKIE } from '@admit/contracts/constants';
import { hashPassword } from '@/modules/users/password-hash';
import type { SellerRow } from './factories';

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export type IdentityRow = typeof identity.$inferSelect;
export type MembershipRow = typeof membership.$inferSelect;

/** A person with an account; `password` is hashed with the real argon2id parameters. */
export async function makeUser(
  db: Db,
  owner: SellerRow,
  options: Insert<typeof identity> & { password?: string } = {},
): Promise<IdentityRow> {
  const { password, ...overrides } = options;
  const [row] = await db
    .insert(identity)
    .values({
      sellerId: owner.id,
      kind: 'user',
      email: `user-${Math.random().toString(36).slice(2, 10)}@example.test`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: password === undefined ? null : await hashPassword(password),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('makeUser inserted no row');
  return row;
}

/** A membership of `holder`, current by default (a year either side of `now`). */
export async function makeMembership(
  db: Db,
  holder: IdentityRow,
  now: Date,
  overrides: Insert<typeof membership> = {},
): Promise<MembershipRow> {
  const year = 365 * 24 * 3_600_000;
  const [row] = await db
    .insert(membership)
    .values({
      sellerId: holder.sellerId,
      identityId: holder.id,
      memberCode: `M${Math.floor(Math.random() * 1e9)}`,
      role: 'Individual',
      validFrom: new Date(now.getTime() - year),
      validTo: new Date(now.getTime() + year),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('makeMembership inserted no row');
  return row;
}

/**
 * A logged-in session for `identityId` without going through a login call: the cookie header
 * to send with `app.inject` (for tests of what a member may do, not of how they log in).
 */
export async function sessionCookieFor(
  app: FastifyInstance,
  person: Pick<IdentityRow, 'id' | 'sellerId'>,
): Promise<string> {
  const { token } = await app.sessions.createSession(person.id, person.sellerId);
  return `${SESSION_COOKIE}=${token}`;
}
