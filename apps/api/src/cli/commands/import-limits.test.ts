import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Db } from '@/db/connection';
import { describeEachDatabase } from '@/testing/describe-each-database';
import type { CliIo } from '../cli-io';
import { run as importCommand } from './import';

// issue 22, finding 10: the import has limits (file size before it is read, sessions laid out
// per rule and per file, items per list), and every problem is printed as file:line and a
// message, never a stack trace.

const NOW = new Date('2026-03-01T15:00:00Z');

const head = (extra = '') => `seller:
  slug: limits-shop
  name: Limits Shop
  currency: EUR
  timezone: Europe/Dublin
venues:
  - key: main
    name: The Shop
${extra}`;

const rule = (key: string, times: string, days: number) => `      - key: ${key}
        times: [${times}]
        duration_minutes: 5
        ahead_days: ${days}
`;
const withRules = (...rules: string[]) =>
  head(`events:
  - key: tours
    name: Tours
    type: repeating
    session_rules:
${rules.join('')}`);

/** `n` distinct wall times from 00:00, one minute apart. */
const minutes = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const hh = String(Math.floor(i / 60)).padStart(2, '0');
    return `"${hh}:${String(i % 60).padStart(2, '0')}"`;
  }).join(', ');

/** The 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describeEachDatabase('npm run seller -- import: limits', (ctx) => {
  const dir = mkdtempSync(join(tmpdir(), 'seller-limits-'));
  async function cli(name: string, text: string | Buffer, db: Db = ctx.db) {
    writeFileSync(join(dir, name), text);
    let out = '';
    let err = '';
    const io: CliIo = {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      database: ctx.database,
      db,
      now: () => NOW,
    };
    const code = await importCommand([join(dir, name), '--dry-run'], io);
    expect(err).not.toMatch(/\n\s+at /); // never a stack trace
    return { code, out, err };
  }

  it('refuses a file over 2 MB before reading it: no YAML error, the size', async () => {
    // broken YAML on the first line: a parse would answer with a YAML error there
    const big = Buffer.from(`]\n${'#'.repeat(2 * 1024 * 1024)}`);
    const result = await cli('big.yaml', big);
    expect(result).toMatchObject({ code: 1 });
    expect(result.err).toBe(
      `${join(dir, 'big.yaml')}: 1 problem\n` +
        `  ${join(dir, 'big.yaml')}:1  (file): the file is larger than 2 MB: split the seller's catalogue or trim it\n`,
    );
  });

  it('refuses, in a dry run, a rule that would lay out a million sessions', async () => {
    const text = withRules(rule('all-day', minutes(1000), 731));
    const result = await cli('million.yaml', text);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `million.yaml:${lineOf(text, 'key: all-day')}  events[0].session_rules[0]: the rule lays out 731000 sessions; one rule may lay out at most 20000`,
    );
    expect(result.out).toBe('');
  });

  it('refuses a rule past 20,000 sessions, and a file past 50,000', async () => {
    const one = withRules(rule('dense', minutes(100), 250)); // 25,000
    expect(await cli('rule.yaml', one)).toMatchObject({ code: 1 });
    expect((await cli('rule.yaml', one)).err).toContain(
      `rule.yaml:${lineOf(one, 'key: dense')}  events[0].session_rules[0]: the rule lays out 25000 sessions`,
    );
    // three rules of 17,280 each: the third takes the file to 51,840
    const three = withRules(
      rule('a', minutes(288), 60),
      rule('b', minutes(288), 60),
      rule('c', minutes(288), 60),
    );
    const result = await cli('file.yaml', three);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `file.yaml:${lineOf(three, 'key: c')}  events[0].session_rules[2]: the file lays out more than 50000 sessions here (51840 so far)`,
    );
    // under both: planned
    const fine = await cli('fine.yaml', withRules(rule('a', minutes(288), 60)));
    expect(fine).toMatchObject({ code: 0 });
    // 17,280 less the hour that spring-forward day (29 March) does not have
    expect(fine.out).toContain('+ 17220 sessions of tours/a');
  });

  it('refuses a list of more than 1,000 items at its line', async () => {
    const venues = Array.from({ length: 1000 }, (_, i) => `  - key: v${i}\n    name: V\n`);
    const text = head(venues.join(''));
    const result = await cli('venues.yaml', text);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`venues.yaml:7  venues: at most 1000 items in one list`);
  });

  it('prints an unforeseen failure as file:line and its message, without a stack', async () => {
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new Error('connection refused');
        },
      },
    ) as Db;
    const result = await cli('fine.yaml', head(), broken);
    expect(result).toMatchObject({
      code: 1,
      err: `${join(dir, 'fine.yaml')}:1  (file): the import failed: connection refused\n`,
    });
  });
});
