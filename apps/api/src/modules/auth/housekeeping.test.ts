import { expect, it } from 'vitest';
import { authThrottle, otpChallenge, passwordResetToken, webSession } from '@/db/schema/identity';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser } from '@/testing/identity-factories';
import { staffSession } from '@/db/schema/office';
import { makeStaff } from '@/modules/office/office.test-kit';
import { purgeEndedAuthRows } from './housekeeping';

const NOW = new Date('2030-05-01T09:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 3_600_000;

describeEachDatabase('auth: housekeeping of ended rows', (ctx) => {
  it('deletes ended sessions, old challenges, old reset links and quiet counters; keeps the rest', async () => {
    const seller = await makeSeller(ctx.db);
    const person = await makeUser(ctx.db, seller);
    const base = { sellerId: seller.id, identityId: person.id };
    await ctx.db.insert(webSession).values([
      { ...base, tokenHash: 'ended', expiresAt: ago(1) },
      { ...base, tokenHash: 'live', expiresAt: new Date(NOW.getTime() + HOUR) },
    ]);
    const challenge = { sellerId: seller.id, email: 'x@example.test', codeHash: 'c' };
    await ctx.db.insert(otpChallenge).values([
      { ...challenge, tokenHash: 'old', expiresAt: ago(25 * HOUR) },
      { ...challenge, tokenHash: 'recent', expiresAt: ago(HOUR) },
    ]);
    await ctx.db.insert(passwordResetToken).values([
      { ...base, tokenHash: 'old', expiresAt: ago(25 * HOUR) },
      { ...base, tokenHash: 'recent', expiresAt: ago(HOUR) },
    ]);
    await ctx.db.insert(authThrottle).values([
      { key: 'quiet', failures: 3, lastFailureAt: ago(25 * HOUR) },
      { key: 'recent', failures: 3, lastFailureAt: ago(HOUR) },
      // quiet for a day but still blocked: the block must outlive the sweep
      { key: 'blocked', failures: 9, lastFailureAt: ago(25 * HOUR), blockedUntil: ago(-HOUR) },
    ]);

    const staff = await makeStaff(ctx.db, seller.id, 'door');
    const office = { sellerId: seller.id, staffUserId: staff.id, lastSeenAt: ago(HOUR) };
    await ctx.db.insert(staffSession).values([
      { ...office, tokenHash: 'ended', expiresAt: ago(1) },
      { ...office, tokenHash: 'live', expiresAt: new Date(NOW.getTime() + HOUR) },
    ]);

    await purgeEndedAuthRows(ctx.db, NOW);

    const hashes = async (
      table: typeof webSession | typeof otpChallenge | typeof passwordResetToken,
    ) => (await ctx.db.select({ h: table.tokenHash }).from(table)).map((r) => r.h).sort();
    expect(await hashes(webSession)).toEqual(['live']);
    const officeLeft = await ctx.db.select({ h: staffSession.tokenHash }).from(staffSession);
    expect(officeLeft.map((r) => r.h)).toEqual(['live']);
    expect(await hashes(otpChallenge)).toEqual(['recent']);
    expect(await hashes(passwordResetToken)).toEqual(['recent']);
    const keys = (await ctx.db.select({ k: authThrottle.key }).from(authThrottle)).map((r) => r.k);
    expect(keys.sort()).toEqual(['blocked', 'recent']);
  });
});
