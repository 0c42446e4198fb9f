import { parseArgs } from 'node:util';
import { SellerFileError } from '@/modules/seller-file/parse-file';
import {
  ImportRefusedError,
  importSellerFile,
  readSellerFile,
} from '@/modules/seller-file/service';
import type { CliIo } from '../cli-io';
import { typedPath } from '../typed-path';

/** The writers print what they are given: a line ends with its newline. */
const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/**
 * `import FILE [--dry-run]`: an upsert of the seller in FILE by its keys (decision 0041). Exit
 * codes: 0 done (or planned), 1 the file is invalid, 2 refused (it would remove what was sold),
 * 64 bad usage.
 */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
    strict: false,
  });
  if (positionals.length !== 1) {
    io.stderr(line('Usage: npm run seller -- import FILE [--dry-run]'));
    return 64;
  }
  const dryRun = values['dry-run'] === true;
  try {
    const { file, images } = await readSellerFile(typedPath(positionals[0]!));
    const result = await importSellerFile(io.db, file, { now: io.now(), images, dryRun });
    if (dryRun && result.plan.refusals.length > 0)
      throw new ImportRefusedError(result.plan.refusals);
    io.stdout(line(result.lines.length === 0 ? 'No changes.' : result.lines.join('\n')));
    io.stdout(
      line(
        dryRun
          ? `Dry run: nothing was changed (${result.lines.length} change${result.lines.length === 1 ? '' : 's'} planned).`
          : `Imported ${file.seller.slug}: open /${file.seller.slug}/events.`,
      ),
    );
    return 0;
  } catch (error) {
    if (error instanceof SellerFileError) {
      io.stderr(line(error.message));
      return 1;
    }
    if (error instanceof ImportRefusedError) {
      io.stderr(line(error.message));
      return 2;
    }
    if (error instanceof Error && /^picture |^two pictures/.test(error.message)) {
      io.stderr(line(error.message));
      return 1;
    }
    throw error;
  }
}
