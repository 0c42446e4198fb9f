import { parseArgs } from 'node:util';
import { FileIssuesError, SellerFileError } from '@/modules/seller-file/parse-file';
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
 * 64 bad usage. Every problem is printed as `file:line` and a message, never a stack trace
 * (issue 22): one the import did not foresee is printed at line 1 and exits 1.
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
  const path = typedPath(positionals[0]!);
  try {
    const { file, images, located } = await readSellerFile(path);
    const result = await importSellerFile(io.db, file, { now: io.now(), images, dryRun }).catch(
      (error: unknown) => {
        throw error instanceof FileIssuesError ? located(error.issues) : error;
      },
    );
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
    // not foreseen (a bug, the database gone): its message only, at the file
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    io.stderr(line(`${path}:1  (file): the import failed: ${message}`));
    return 1;
  }
}
