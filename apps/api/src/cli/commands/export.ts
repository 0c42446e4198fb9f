import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { staffOf, type CliIo } from '../cli-io';
import { typedPath } from '../typed-path';

/** The writers print what they are given: a line ends with its newline. */
const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/**
 * `export SLUG [--out FILE]`: the seller's catalogue as a seller file, on stdout or in FILE with
 * its pictures in `images/` beside it (decision 0041). Exit codes: 0 done, 1 no such seller,
 * 64 bad usage.
 */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { out: { type: 'string' } },
    allowPositionals: true,
    strict: false,
  });
  if (positionals.length !== 1) {
    io.stderr(line('Usage: npm run seller -- export SLUG [--out FILE]'));
    return 64;
  }
  const slug = positionals[0]!;
  const exported = await staffOf(io).exportSeller(slug);
  if (!exported) {
    io.stderr(line(`No seller has the slug ${slug}.`));
    return 1;
  }
  const out = typeof values.out === 'string' ? typedPath(values.out) : undefined;
  if (!out) {
    io.stdout(line(exported.yaml));
    if (exported.images.size > 0) {
      io.stderr(
        line(`The file names ${exported.images.size} pictures: use --out FILE to write them too.`),
      );
    }
    return 0;
  }
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, exported.yaml);
  for (const [path, bytes] of exported.images) {
    await mkdir(dirname(join(dirname(out), path)), { recursive: true });
    await writeFile(join(dirname(out), path), bytes);
  }
  io.stderr(line(`Wrote ${out} and ${exported.images.size} pictures.`));
  return 0;
}
