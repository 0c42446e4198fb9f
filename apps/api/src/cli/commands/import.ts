import { parseArgs } from 'node:util';
import { ImportRefusedError, SellerFileError } from '@/modules/seller-file/file-errors';
import { staffOf, type CliIo } from '../cli-io';
import { CliFailure } from '../staff-ops';
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
    const result = await staffOf(io).importFile(path, dryRun);
    if (dryRun && result.refusals.length > 0) throw new ImportRefusedError(result.refusals);
    const changes = result.changes;
    io.stdout(line(changes.length === 0 ? 'No changes.' : changes.join('\n')));
    io.stdout(
      line(
        dryRun
          ? `Dry run: nothing was changed (${changes.length} change${changes.length === 1 ? '' : 's'} planned).`
          : `Imported ${result.seller}: open /${result.seller}/events.`,
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
    // the server's answer (its file:line problems, its refusal) or its silence, as it said it
    if (error instanceof CliFailure) {
      io.stderr(line(error.message));
      return error.exitCode;
    }
    // not foreseen (a bug, the database gone): its message only, at the file
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    io.stderr(line(`${path}:1  (file): the import failed: ${message}`));
    return 1;
  }
}
