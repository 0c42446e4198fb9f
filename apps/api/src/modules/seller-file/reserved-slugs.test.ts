import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_PATH_SEGMENTS } from '@admit/contracts/reserved-path-segments';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { SellerFileError } from './file-errors';
import { parseSellerFile } from './parse-file';

// issue 22: a seller whose slug is one of the server's own first path segments would never be
// reached at /{slug}/ (and /api/… must never be a storefront page): the file refuses them.

const fileWithSlug = (slug: string) => `seller:
  slug: ${slug}
  name: Shop
  currency: EUR
  timezone: Europe/Dublin
venues:
  - key: main
    name: The Shop
`;

describe('a seller file refuses the reserved slugs', () => {
  it.each(['api', 'admin', 'assets-app', 'health', 'sandbox', 'webhooks', 'office'])(
    '%s',
    (slug) => {
      let error: unknown;
      try {
        parseSellerFile(fileWithSlug(slug), 'shop.yaml');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SellerFileError);
      expect((error as SellerFileError).issues).toEqual([
        { path: 'seller.slug', line: 2, message: expect.stringContaining('choose another slug') },
      ]);
    },
  );

  it('accepts a slug that only starts like one', () => {
    expect(parseSellerFile(fileWithSlug('api-museum'), 'shop.yaml').seller.slug).toBe('api-museum');
  });
});

describeEachDatabase(
  'the reserved list covers every first path segment the server routes',
  (ctx) => {
    let app: FastifyInstance;
    const segments = new Set<string>();
    beforeAll(async () => {
      app = await buildTestApp(ctx.database, {
        now: new Date('2030-03-10T12:00:00Z'),
        onRoute: (route: RouteOptions) => void segments.add(route.url.split('/')[1] ?? ''),
      });
    });
    afterAll(() => app.close());

    it('names each of them', () => {
      // '' is `/`, ':seller' the storefront host's own seller pages
      const routed = [...segments].filter((s) => s !== '' && !s.startsWith(':')).sort();
      expect(routed.length).toBeGreaterThan(3);
      expect(routed.filter((s) => !RESERVED_PATH_SEGMENTS.includes(s))).toEqual([]);
    });
  },
);
