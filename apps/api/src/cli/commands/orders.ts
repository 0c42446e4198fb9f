import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { staffOf, type CliIo } from '../cli-io';
import { typedPath } from '../typed-path';

/**
 * `orders SLUG [--since ISO] [--format csv|json] [--out FILE]`: the seller's orders placed since
 * an instant with their tickets (decision 0042); the columns and the JSON shape are
 * modules/staff-api/orders-export.ts, which the staff API serves too (decision 0074).
 */

const USAGE =
  'Usage: npm run seller -- orders SLUG [--since 2026-01-01T00:00:00Z] [--format csv|json] [--out FILE]\n';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: {
      since: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [slug, extra] = positionals;
  const since = values.since === undefined ? null : new Date(values.since);
  const format = values.format === 'json' ? 'json' : values.format === 'csv' ? 'csv' : null;
  if (!slug || extra || !format || (since && Number.isNaN(since.getTime()))) {
    io.stderr(USAGE);
    return 2;
  }
  const exported = await staffOf(io).exportOrders(slug, since, format);
  if (values.out) {
    await writeFile(typedPath(values.out), exported.text);
    io.stderr(`Wrote ${exported.orders} orders, ${exported.tickets} tickets to ${values.out}.\n`);
  } else {
    io.stdout(exported.text);
  }
  return 0;
}
