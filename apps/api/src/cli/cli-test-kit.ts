import type { DatabaseContext } from '@/testing/describe-each-database';
import type { CliIo } from './cli-io';
import { runSellerCli } from './seller-cli';

/** Runs a `npm run seller -- …` command line on a test database; what it wrote and its code. */
export async function runCli(ctx: DatabaseContext, argv: string[], now = new Date()) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    database: ctx.database,
    db: ctx.db,
    now: () => now,
  };
  const code = await runSellerCli(argv, io);
  return { code, stdout, stderr };
}
