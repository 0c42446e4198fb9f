import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { dirname } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FileImage } from '@/modules/seller-file/file-images';
import { hashDemoPasswords, writeDemoAccounts } from './demo-accounts';
import { demoId } from './demo-ids';
import { writeDemoMemberships } from './demo-memberships';
import { writeDemoWallet } from './demo-wallet';
import { writeDemoOrders } from './demo-orders';
import { writeDemoSessionStates } from './demo-session-states';
import { hashDemoStaffPassword, writeDemoStaff } from './demo-staff';
import type { DemoSeller } from './demo-types';

/** SQLSTATE unique_violation: another server seeded the same sellers first. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  // drizzle wraps driver errors; the SQLSTATE is on the error or its cause
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export interface SeedOptions {
  /** the clock: session dates are laid out from the venue's local day of `now` */
  now: Date;
  /** the sellers' `cart_hold_minutes` instead of their own (SEED_CART_HOLD_MINUTES) */
  cartHoldMinutes?: number;
  /** a folder of Apple Wallet credentials the sellers sign passes with (SEED_WALLET_DIR) */
  walletDir?: string;
}

// the pictures never change within a process: tests seed many databases
const pictures = new Map<string, Promise<Map<string, FileImage>>>();
const picturesOf = async (demo: DemoSeller) => {
  const { loadFileImages } = await import('@/modules/seller-file/file-images');
  if (!pictures.has(demo.path)) {
    pictures.set(demo.path, loadFileImages(demo.file, dirname(demo.path)));
  }
  return pictures.get(demo.path)!;
};

/**
 * Seeds the demo sellers, only into a database without sellers, so it is safe to call on every
 * start. The catalogue is each seller's file, imported as `npm run seller -- import` would
 * (with ids derived from the file's keys, demo-ids.ts); accounts, memberships, orders and the
 * seeded sales follow in the same transaction. Everything is deterministic except dates, which
 * are relative to `now`. Returns whether anything was written.
 */
export async function seedDemo(
  db: Db,
  { now, cartHoldMinutes, walletDir }: SeedOptions,
): Promise<{ seeded: boolean }> {
  const hasSellers = async (reader: Pick<Db, 'select'>) =>
    (await reader.select({ id: seller.id }).from(seller).limit(1)).length > 0;
  if (await hasSellers(db)) return { seeded: false };
  // loaded only now: a start on a seeded database reads no seller file (bench/startup.ts)
  const [{ DEMO_SELLERS }, { importInTransaction }] = await Promise.all([
    import('./demo-sellers'),
    import('@/modules/seller-file/service'),
  ]);
  const images = await Promise.all(DEMO_SELLERS.map(picturesOf));
  const passwordHashes = await hashDemoPasswords(DEMO_SELLERS);
  const staffPasswordHash = await hashDemoStaffPassword();
  try {
    return await db.transaction(async (tx) => {
      if (await hasSellers(tx)) return { seeded: false };
      for (const [i, demo] of DEMO_SELLERS.entries()) {
        const sellerId = demoId(`${demo.slug}/seller`);
        await importInTransaction(tx, demo.file, { now, images: images[i]!, newId: demoId });
        await writeDemoAccounts(tx, demo, sellerId, passwordHashes);
        await writeDemoStaff(tx, demo.slug, sellerId, staffPasswordHash, now);
        await writeDemoMemberships(tx, demo, now);
        await writeDemoSessionStates(tx, demo, now);
        await writeDemoOrders(tx, demo, now);
        if (cartHoldMinutes) {
          await tx
            .update(seller)
            .set({
              config: sql`${seller.config} || ${JSON.stringify({ cart_hold_minutes: cartHoldMinutes })}::jsonb`,
            })
            .where(eq(seller.id, sellerId));
        }
        if (walletDir) await writeDemoWallet(tx, demo.slug, walletDir);
      }
      return { seeded: true };
    });
  } catch (error) {
    // Two servers starting on one empty database: the seller ids and slugs are fixed, so the
    // second's insert waits on the first's unique keys and then fails; its transaction rolls
    // back whole and the first's data stands. (No advisory locks: DEVELOPERS "Data".)
    if (isUniqueViolation(error)) return { seeded: false };
    throw error;
  }
}
