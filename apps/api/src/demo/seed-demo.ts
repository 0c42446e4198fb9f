import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { hashDemoPasswords } from './demo-accounts';
import { writeDemoCodes } from './demo-codes';
import { writeDemoGiftCards } from './demo-gift-cards';
import { writeDemoOrders } from './demo-orders';
import { writeDemoMemberships } from './demo-memberships';
import { writeDemoPaymentPlans } from './demo-payment-plans';
import { writeDemoSellerMeta } from './demo-seller-meta';
import { writeDemoWallet } from './demo-wallet';
import { demoMuseum } from './demo-museum';
import type { DemoSeller } from './demo-types';
import { harbourAquarium } from './harbour-aquarium';
import { renderSellerImages, writeDemoSeller } from './write-seller';

/** SQLSTATE unique_violation: another server seeded the same sellers first. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  // drizzle wraps driver errors; the SQLSTATE is on the error or its cause
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export const DEMO_SELLERS: DemoSeller[] = [demoMuseum, harbourAquarium];

export interface SeedOptions {
  /** the clock: session dates are laid out from the venue's local day of `now` */
  now: Date;
  /** the sellers' `cart_hold_minutes` instead of their own (SEED_CART_HOLD_MINUTES) */
  cartHoldMinutes?: number;
  /** a folder of Apple Wallet credentials the sellers sign passes with (SEED_WALLET_DIR) */
  walletDir?: string;
}

/**
 * Seeds the demo sellers and their catalogue, only into a database without sellers, so it is
 * safe to call on every start. Everything is deterministic (ids included) except dates, which
 * are relative to `now`. Returns whether anything was written.
 */
export async function seedDemo(
  db: Db,
  { now, cartHoldMinutes, walletDir }: SeedOptions,
): Promise<{ seeded: boolean }> {
  const hasSellers = async (reader: Pick<Db, 'select'>) =>
    (await reader.select({ id: seller.id }).from(seller).limit(1)).length > 0;
  if (await hasSellers(db)) return { seeded: false };
  const images = await Promise.all(DEMO_SELLERS.map(renderSellerImages));
  const passwordHashes = await hashDemoPasswords(DEMO_SELLERS);
  try {
    return await db.transaction(async (tx) => {
      if (await hasSellers(tx)) return { seeded: false };
      for (const [i, demo] of DEMO_SELLERS.entries()) {
        await writeDemoSeller(tx, demo, now, images[i]!, { cartHoldMinutes, passwordHashes });
        await writeDemoMemberships(tx, demo, now);
        await writeDemoCodes(tx, demo.slug);
        await writeDemoGiftCards(tx, demo.slug, demo.currency);
        await writeDemoPaymentPlans(tx, demo.slug);
        await writeDemoSellerMeta(tx, demo.slug);
        await writeDemoOrders(tx, demo, now);
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
