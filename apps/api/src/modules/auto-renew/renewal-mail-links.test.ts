import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellerDomain } from '@/db/schema/identity';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeMembershipScene, type MembershipScene } from '@/testing/membership-factories';
import { makeSavedCard } from '@/testing/saved-card-factories';
import { makeRenewingMember, renewalRows } from './auto-renew-test-kit';

/**
 * A mail a job sends has no request to take its links from (decision 0082): they go to the
 * seller's production domain when it has one (never its test domain), else to the public origin
 * and the seller's slug path. Every link of the mails, text and HTML, is checked.
 */

const START = new Date('2029-06-01T16:00:00Z');
// inside the 7-day lead: the job renews these terms now
const SOON = new Date('2029-06-06T04:00:00Z');
const PUBLIC_URL = 'https://tickets.example.test';

/** Every absolute link of a mail: the URLs of its text, the href and src of its HTML. */
function linksOf(mail: { textBody: string; htmlBody: string | null }): string[] {
  const text = mail.textBody.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const html = [...(mail.htmlBody ?? '').matchAll(/(?:href|src)="(https?:\/\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...text, ...html];
}

describeEachDatabase('auto-renew mails: links on the seller domain without a request', (ctx) => {
  let app: FastifyInstance;
  let onDomain: MembershipScene;
  let onSlug: MembershipScene;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: START,
      env: { MAIL_POLL_MS: '0', PUBLIC_URL },
    });
    const logo = (slug: string) => ({ theme: { logo_url: `/api/image/${slug}/logo.png` } });
    onDomain = await makeMembershipScene(ctx.db, {
      seller: await makeSeller(ctx.db, { slug: 'renew-domain', config: logo('renew-domain') }),
    });
    // a test (staging) domain sorts before the production one: never a job's link
    await ctx.db.insert(sellerDomain).values([
      { host: 'a-staging.renew.example', sellerId: onDomain.seller.id, environment: 'test' },
      { host: 'tickets.renew.example', sellerId: onDomain.seller.id, environment: 'production' },
    ]);
    onSlug = await makeMembershipScene(ctx.db, {
      seller: await makeSeller(ctx.db, { slug: 'renew-slug', config: logo('renew-slug') }),
    });
    await ctx.db
      .insert(sellerDomain)
      .values({ host: 'staging.slug.example', sellerId: onSlug.seller.id, environment: 'test' });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['a production domain', () => onDomain, 'https://tickets.renew.example'],
    ['no production domain', () => onSlug, `${PUBLIC_URL}/renew-slug`],
  ])(
    'a seller with %s: the receipt and the renew-by-hand mail link below its root',
    async (_, sceneOf, root) => {
      const scene = sceneOf();
      const paid = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
      await makeSavedCard(ctx.db, paid.member, { last4: '4242' });
      const unpaid = await makeRenewingMember(ctx.db, scene, START, { validTo: SOON });
      const pass = await app.autoRenew.run();
      expect(pass).toMatchObject({ renewed: 1, failed: 1 });

      const receipt = (await renewalRows(ctx.db, paid.member)).mails;
      const renewByHand = (await renewalRows(ctx.db, unpaid.member)).mails;
      expect(receipt.map((m) => m.kind)).toEqual(['auto_renew_receipt']);
      expect(renewByHand.map((m) => m.kind)).toEqual(['auto_renew_declined']);
      expect(renewByHand[0]!.textBody).toContain(`${root}/membership/renew`);
      const links = [...receipt, ...renewByHand].flatMap(linksOf);
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) {
        // pages below the root; images on the root's origin (the API's path, decision 0071)
        const below = link.includes('/api/image/') ? `${new URL(root).origin}/api/image` : root;
        expect(link === root || link.startsWith(`${below}/`), link).toBe(true);
      }
    },
  );
});
