import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '@/db/connection';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { appleConfigured } from '@/modules/wallet/credentials';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { demoId } from './demo-ids';
import { DEMO_WALLET_FILES } from './demo-wallet-files';
import { seedDemo } from './seed-demo';

const NOW = new Date('2026-03-01T15:00:00Z');
const DIR = '/srv/admit/wallet';

// SEED_WALLET_DIR (demo seed only): the demo sellers sign Apple passes with the files there
describeEachDatabase('seedDemo with a wallet folder', (ctx) => {
  let db: Database['db'];
  beforeAll(async () => {
    db = ctx.db;
    expect(await seedDemo(db, { now: NOW, walletDir: DIR })).toEqual({ seeded: true });
  });

  it('points every demo seller’s Apple Wallet credentials at the folder, keeping its config', async () => {
    for (const slug of ['demo-museum', 'harbour-aquarium']) {
      const settings = await readSellerSettings(db, demoId(`${slug}/seller`));
      expect(settings.private?.wallet?.apple).toEqual({
        pass_type_identifier: `pass.admit.demo.${slug}`,
        team_identifier: 'ADMITDEMO1',
        certificate_path: join(DIR, DEMO_WALLET_FILES.certificate),
        key_path: join(DIR, DEMO_WALLET_FILES.key),
        wwdr_path: join(DIR, DEMO_WALLET_FILES.wwdr),
      });
      expect(appleConfigured(settings.private?.wallet?.apple)).toBe(true);
      expect(settings.private?.wallet?.google).toBeUndefined();
    }
    // the rest of the museum's config stands (its self-edit rules)
    const museum = await readSellerSettings(db, demoId('demo-museum/seller'));
    expect(museum.self_edit_rules?.enabled).toBe(true);
  });
});
