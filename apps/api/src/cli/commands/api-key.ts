import { parseArgs } from 'node:util';
import { staffOf, type CliIo } from '../cli-io';

/**
 * `api-key create SLUG --name NAME` | `api-key list SLUG` | `api-key revoke SLUG ID`: the
 * seller API's keys (decision 0042). The key itself is printed once, at creation; only its hash
 * is kept.
 */

const USAGE =
  'Usage: npm run seller -- api-key create SLUG --name NAME | list SLUG | revoke SLUG ID\n';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: { name: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [action, slug, id] = positionals;
  const staff = staffOf(io);
  if (action === 'create' && slug && values.name !== undefined && !id) {
    const { key, api_key: row } = await staff.createKey(slug, values.name);
    io.stdout(`${key}\n`);
    io.stderr(
      `Created API key "${row.name}" (${row.prefix}…, id ${row.id}) for ${slug}. ` +
        'It is shown only now: keep it where the scanner or script can read it.\n',
    );
    return 0;
  }
  if (action === 'list' && slug && !id) {
    const rows = await staff.listKeys(slug);
    const lines = rows.map((r) =>
      [
        r.id,
        `${r.prefix}…`,
        r.name,
        `created ${r.created_at}`,
        r.last_used_at ? `last used ${r.last_used_at}` : 'never used',
        r.revoked_at ? `revoked ${r.revoked_at}` : 'active',
      ].join('  '),
    );
    io.stdout(lines.length > 0 ? `${lines.join('\n')}\n` : `No API keys for ${slug}.\n`);
    return 0;
  }
  if (action === 'revoke' && slug && id) {
    const row = await staff.revokeKey(slug, id);
    io.stdout(`Revoked API key "${row.name}" (${row.prefix}…) at ${row.revoked_at}.\n`);
    return 0;
  }
  io.stderr(USAGE);
  return 2;
}
