import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';
import { seller } from '@/db/schema/identity';
import { demoId } from './demo-ids';
import { DEMO_WALLET_FILES } from './demo-wallet-files';

/**
 * Demo seed only (SEED_WALLET_DIR): the demo sellers sign Apple Wallet passes with the pass
 * type certificate, key and WWDR certificate in `dir`, read by path like an operator's. The demo
 * ships no credentials; the e2e account spec makes throw-away ones and starts a server with them.
 */
export async function writeDemoWallet(tx: Executor, slug: string, dir: string): Promise<void> {
  const sellerId = demoId(`${slug}/seller`);
  const [row] = await tx
    .select({ config: seller.config })
    .from(seller)
    .where(eq(seller.id, sellerId));
  const config = (row?.config ?? {}) as Record<string, unknown>;
  const apple = {
    pass_type_identifier: `pass.admit.demo.${slug}`,
    team_identifier: 'ADMITDEMO1',
    certificate_path: join(dir, DEMO_WALLET_FILES.certificate),
    key_path: join(dir, DEMO_WALLET_FILES.key),
    wwdr_path: join(dir, DEMO_WALLET_FILES.wwdr),
  };
  const secrets = (config.private ?? {}) as Record<string, unknown>;
  await tx
    .update(seller)
    .set({ config: { ...config, private: { ...secrets, wallet: { apple } } } })
    .where(eq(seller.id, sellerId));
}
