import type { Db } from '@/db/connection';
import * as identityTables from '@/db/schema/identity';
import { hashPassword } from '@/modules/users/password-hash';
import { demoId } from './demo-ids';
import type { DemoAccount, DemoSeller } from './demo-types';

/** The password of every demo account that has one (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Admit-demo-1';

/** The identity id of a demo account, e.g. `demoAccountId('demo-museum', 'member@demo-museum.test')`. */
export const demoAccountId = (slug: string, email: string) => demoId(`${slug}/identity/${email}`);

/**
 * argon2id hashes of the demo passwords, made before the seed transaction opens (hashing is
 * slow and the transaction should not wait on it). Keyed by e-mail.
 */
export async function hashDemoPasswords(sellers: DemoSeller[]): Promise<Map<string, string>> {
  const accounts = sellers.flatMap((s) => s.members).filter((m) => m.password !== undefined);
  const hashes = await Promise.all(accounts.map((m) => hashPassword(m.password!)));
  return new Map(accounts.map((m, i) => [m.email, hashes[i]!]));
}

/** The seller's public identity and its demo accounts (their memberships: demo-memberships.ts). */
export async function writeDemoAccounts(
  db: Pick<Db, 'insert'>,
  demo: DemoSeller,
  sellerId: string,
  passwordHashes: ReadonlyMap<string, string>,
): Promise<void> {
  await db.insert(identityTables.identity).values([
    // each seller has one public identity that guests act as (shopping §1)
    { id: demoId(`${demo.slug}/identity/public`), sellerId, kind: 'public' },
    ...demo.members.map((m: DemoAccount) => ({
      id: demoAccountId(demo.slug, m.email),
      sellerId,
      kind: 'user',
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      zipCode: m.zipCode ?? null,
      passwordHash: passwordHashes.get(m.email) ?? null,
    })),
  ]);
}
