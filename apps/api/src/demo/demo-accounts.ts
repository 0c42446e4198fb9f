import type { Db } from '@/db/connection';
import * as identityTables from '@/db/schema/identity';
import { hashPassword } from '@/modules/users/password-hash';
import { demoId } from './demo-ids';
import type { DemoAccount, DemoSeller } from './demo-types';

/** The password of every demo account that has one (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Admit-demo-1';

/** The demo sellers' people (README "Demo accounts"), by seller slug. */
export const DEMO_ACCOUNTS: Record<string, DemoAccount[]> = {
  'demo-museum': [
    {
      email: 'member@demo-museum.test',
      firstName: 'Mia',
      lastName: 'Member',
      password: DEMO_PASSWORD,
      zipCode: '10001',
      // a current Family membership renewing itself with a saved test card (decision 0038)
      membership: {
        memberCode: 'DM100001',
        level: 'Family',
        startedDaysAgo: 120,
        autoRenew: true,
        savedCard: '4242',
      },
    },
    {
      email: 'renew@demo-museum.test',
      firstName: 'Rhea',
      lastName: 'Renewal',
      password: DEMO_PASSWORD,
      zipCode: '10002',
      // a Dual membership ending in about 25 days: inside its 60-day renewal period
      membership: { memberCode: 'DM100002', level: 'Dual', startedDaysAgo: 340 },
    },
    {
      email: 'lapsed@demo-museum.test',
      firstName: 'Lou',
      lastName: 'Lapsed',
      password: DEMO_PASSWORD,
      zipCode: '10003',
      // an Individual membership that ended about 35 days ago
      membership: { memberCode: 'DM100003', level: 'Individual', startedDaysAgo: 400 },
    },
    // made at a guest checkout: no password yet, so login sends a set-password e-mail
    { email: 'guest@demo-museum.test', firstName: 'Gus', lastName: 'Guest' },
  ],
  'harbour-aquarium': [
    {
      email: 'visitor@harbour-aquarium.test',
      firstName: 'Vic',
      lastName: 'Visitor',
      password: DEMO_PASSWORD,
      // the aquarium logs members in by member ID and last name (identity §6)
      membership: { memberCode: 'HA100001', level: 'Explorer', startedDaysAgo: 180 },
    },
  ],
};

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

/** The seller's demo accounts (their memberships: demo-memberships.ts; the public identity is the import's). */
export async function writeDemoAccounts(
  db: Pick<Db, 'insert'>,
  demo: DemoSeller,
  sellerId: string,
  passwordHashes: ReadonlyMap<string, string>,
): Promise<void> {
  if (demo.members.length === 0) return;
  await db.insert(identityTables.identity).values(
    demo.members.map((m: DemoAccount) => ({
      id: demoAccountId(demo.slug, m.email),
      sellerId,
      kind: 'user',
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      zipCode: m.zipCode ?? null,
      passwordHash: passwordHashes.get(m.email) ?? null,
    })),
  );
}
