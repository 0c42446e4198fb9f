import { and, eq, ne, sql } from 'drizzle-orm';
import type { Identity, User } from '@admit/contracts/identity';
import { needsEmail as needsEmailRule } from '@admit/contracts/rules/no-email';
import type { Db } from '@/db/connection';
import { identity } from '@/db/schema/identity';

export type IdentityRow = typeof identity.$inferSelect;
type Reader = Pick<Db, 'select'>;
type Writer = Pick<Db, 'insert' | 'update'>;

/** E-mails are stored trimmed and compared lower-case (one account per address and seller). */
export const normalizeEmail = (email: string) => email.trim();
const sameEmail = (email: string) =>
  sql`lower(${identity.email}) = lower(${normalizeEmail(email)})`;

/** The person (kind `user`) of a seller with this e-mail, case-insensitively; null if none. */
export async function findUserByEmail(
  db: Reader,
  sellerId: string,
  email: string,
): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(identity)
    .where(and(eq(identity.sellerId, sellerId), eq(identity.kind, 'user'), sameEmail(email)))
    .limit(1);
  return row ?? null;
}

/** Another person of the seller already using this e-mail (for e-mail changes). */
export async function findOtherUserByEmail(
  db: Reader,
  sellerId: string,
  email: string,
  exceptId: string,
): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(identity)
    .where(
      and(
        eq(identity.sellerId, sellerId),
        eq(identity.kind, 'user'),
        ne(identity.id, exceptId),
        sameEmail(email),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findIdentityById(db: Reader, id: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(identity).where(eq(identity.id, id)).limit(1);
  return row ?? null;
}

export type NewUser = Omit<typeof identity.$inferInsert, 'id' | 'kind' | 'createdAt'>;

export async function insertUser(db: Writer, values: NewUser): Promise<IdentityRow> {
  const [row] = await db
    .insert(identity)
    .values({ ...values, kind: 'user' })
    .returning();
  if (!row) throw new Error('identity insert returned no row');
  return row;
}

/**
 * The seller's person with this e-mail, else a new one — safe inside a transaction: a
 * concurrent create of the same address meets the unique e-mail index (ON CONFLICT DO NOTHING,
 * no abort) and the winner is read instead. An existing person is never changed.
 */
export async function findOrCreateUser(
  db: Reader & Writer,
  values: NewUser & { email: string },
): Promise<IdentityRow> {
  const existing = await findUserByEmail(db, values.sellerId, values.email);
  if (existing) return existing;
  const [row] = await db
    .insert(identity)
    .values({ ...values, kind: 'user' })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const winner = await findUserByEmail(db, values.sellerId, values.email);
  if (!winner) throw new Error('identity insert conflicted but no person has the e-mail');
  return winner;
}

export type UserChanges = Partial<
  Omit<typeof identity.$inferInsert, 'id' | 'kind' | 'sellerId' | 'createdAt'>
>;

export async function updateUser(
  db: Writer,
  id: string,
  changes: UserChanges,
  now: Date,
): Promise<IdentityRow> {
  const [row] = await db
    .update(identity)
    .set({ ...changes, updatedAt: now })
    .where(eq(identity.id, id))
    .returning();
  if (!row) throw new Error(`identity ${id} vanished during update`);
  return row;
}

/** spec: identity §6 — the no-email marker, except test accounts (contracts rules/no-email.ts). */
export const needsEmail = (email: string | null) => needsEmailRule(email);

/** Maps an identity row to the wire `identity` (never the row itself: no password hash). */
export function toIdentityContract(row: IdentityRow, isMember: boolean): Identity {
  return {
    id: row.id,
    seller_id: row.sellerId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    address: row.address,
    address_more: row.addressMore,
    city: row.city,
    state: row.state,
    country: row.country,
    zip_code: row.zipCode,
    is_member: isMember,
  };
}

/** Maps an identity row to the wire `user` of GET my/user. */
export function toUserContract(row: IdentityRow): User {
  return {
    id: row.id,
    identity_id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    has_password: row.passwordHash !== null,
    needs_email: needsEmail(row.email),
  };
}

/** The identity's meta as the `identity_meta` sibling collection: one row per key. */
export function toIdentityMeta(row: IdentityRow) {
  const meta = (row.meta ?? {}) as Record<string, unknown>;
  return Object.entries(meta).map(([key, value]) => ({ identity_id: row.id, key, value }));
}
