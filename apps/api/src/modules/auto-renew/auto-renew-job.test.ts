import { expect, it, vi } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembershipScene } from '@/testing/membership-factories';
import { makeSavedCard } from '@/testing/saved-card-factories';
import { makeRenewingMember, renewalRows } from './auto-renew-test-kit';

const START = new Date('2029-06-01T16:00:00Z');
const SOON = new Date('2029-06-06T04:00:00Z');

/** jobs/registry.ts starts the auto-renew job on AUTO_RENEW_POLL_MS; 0 leaves it off (decision 0038). */
describeEachDatabase('auto-renew: the job runs on AUTO_RENEW_POLL_MS', (ctx) => {
  async function dueMember() {
    const scene = await makeMembershipScene(ctx.db);
    const { member } = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
    await makeSavedCard(ctx.db, member);
    return member;
  }

  it('renews a due term by itself once the app is ready', async () => {
    const member = await dueMember();
    const app = await buildTestApp(ctx.database, {
      now: START,
      env: { AUTO_RENEW_POLL_MS: '20', MAIL_POLL_MS: '0' },
    });
    try {
      await vi.waitFor(
        async () => expect((await renewalRows(ctx.db, member)).terms).toHaveLength(2),
        { timeout: 20_000, interval: 25 },
      );
    } finally {
      await app.close();
    }
  });

  it('leaves it alone with AUTO_RENEW_POLL_MS=0 (control: nothing else renews it)', async () => {
    const member = await dueMember();
    const app = await buildTestApp(ctx.database, { now: START, env: { MAIL_POLL_MS: '0' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.close();
    expect((await renewalRows(ctx.db, member)).terms).toHaveLength(1);
  });
});
