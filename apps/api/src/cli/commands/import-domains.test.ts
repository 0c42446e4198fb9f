import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sellerDomain } from '@/db/schema/identity';
import { exportSeller } from '@/modules/seller-file/service';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { runCli } from '../cli-test-kit';

// A seller file's `domains` (issue #26, decision 0070): stored so a host names one seller,
// replaced by each import, written back by the export; a bad host or one another seller holds
// is refused at its line.

const NOW = new Date('2026-03-01T15:00:00Z');

const shop = (slug: string, domains: string) => `seller:
  slug: ${slug}
  name: Shop ${slug}
  currency: EUR
  timezone: Europe/Dublin
${domains}venues:
  - key: main
    name: The Shop
`;

describeEachDatabase('npm run seller -- import: domains', (ctx) => {
  const dir = mkdtempSync(join(tmpdir(), 'seller-domains-'));
  async function cli(name: string, text: string, ...flags: string[]) {
    const path = join(dir, name);
    writeFileSync(path, text);
    const { code, stdout, stderr } = await runCli(ctx, ['import', path, ...flags], NOW);
    return { code, out: stdout, err: stderr, path };
  }
  const stored = async () =>
    (await ctx.db.select().from(sellerDomain).orderBy(asc(sellerDomain.host))).map(
      (d) => `${d.host} ${d.environment}`,
    );

  it('stores the domains, plans them in a dry run and replaces them on a later import', async () => {
    const two = `  domains:
    - host: tickets.museum.example
      environment: production
    - host: staging.tickets.museum.example
      environment: test
`;
    const dry = await cli('museum.yaml', shop('museum', two), '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('+ domain tickets.museum.example (production)\n');
    expect(dry.out).toContain('+ domain staging.tickets.museum.example (test)\n');
    expect(await stored()).toEqual([]);

    expect((await cli('museum.yaml', shop('museum', two))).code).toBe(0);
    expect(await stored()).toEqual([
      'staging.tickets.museum.example test',
      'tickets.museum.example production',
    ]);
    const exported = (await exportSeller(ctx.db, 'museum'))!;
    expect(exported.file.seller.domains).toEqual([
      { host: 'staging.tickets.museum.example', environment: 'test' },
      { host: 'tickets.museum.example', environment: 'production' },
    ]);
    expect(exported.yaml).toContain('domains:\n    - host: staging.tickets.museum.example\n');

    const one = `  domains:
    - host: tickets.museum.example
      environment: test
`;
    const changed = await cli('museum.yaml', shop('museum', one));
    expect(changed.out).toContain('~ domain tickets.museum.example (test)\n');
    expect(changed.out).toContain('- domain staging.tickets.museum.example\n');
    expect(await stored()).toEqual(['tickets.museum.example test']);
  });

  it('refuses, at its line, a host another seller holds, and changes nothing', async () => {
    const taken = `  domains:
    - host: shop.aquarium.example
      environment: production
    - host: tickets.museum.example
      environment: production
`;
    for (const flags of [['--dry-run'], []]) {
      const res = await cli('aquarium.yaml', shop('aquarium', taken), ...flags);
      expect(res.code).toBe(1);
      expect(res.err).toContain(
        `${res.path}:9  seller.domains[1].host: tickets.museum.example is seller museum's domain`,
      );
    }
    expect(await stored()).toEqual(['tickets.museum.example test']);
    expect(await exportSeller(ctx.db, 'aquarium')).toBeUndefined();
  });

  it('refuses, at its line, a host that is not a plain lower-case host name or is listed twice', async () => {
    const bad = `  domains:
    - host: https://Shop.Example
      environment: production
    - host: localhost
      environment: local
    - host: shop.example:8080
      environment: test
    - host: ok.example
      environment: staging
`;
    const res = await cli('bad.yaml', shop('bad', bad));
    expect(res.code).toBe(1);
    const hostRule =
      'a host name in lower case, without scheme, port or path, e.g. tickets.museum.example';
    expect(res.err).toContain(`${res.path}:7  seller.domains[0].host: ${hostRule}`);
    expect(res.err).toContain(`${res.path}:9  seller.domains[1].host: ${hostRule}`);
    expect(res.err).toContain(`${res.path}:11  seller.domains[2].host: ${hostRule}`);
    expect(res.err).toContain(`${res.path}:14  seller.domains[3].environment:`);
    const twice = `  domains:
    - host: twice.example
      environment: test
    - host: twice.example
      environment: production
`;
    const listedTwice = await cli('twice.yaml', shop('twice', twice));
    expect(listedTwice.code).toBe(1);
    expect(listedTwice.err).toContain(
      `${listedTwice.path}:9  seller.domains[1].host: twice.example is listed twice`,
    );
    expect(await exportSeller(ctx.db, 'bad')).toBeUndefined();
    expect(await exportSeller(ctx.db, 'twice')).toBeUndefined();
  });
});
