import { AppError } from '@/http/app-error';
import { openCliIo, type CliIo } from './cli-io';
import { CliFailure } from './staff-ops';

/**
 * `npm run seller -- <command> …`: the seller's command line (issue #16). Each command is a
 * module of `commands/` exporting `run(argv, io)` that answers the exit code.
 */

type Command = { run: (argv: string[], io: CliIo) => Promise<number> };

const COMMANDS: Record<string, () => Promise<Command>> = {
  import: () => import('./commands/import'),
  export: () => import('./commands/export'),
  'api-key': () => import('./commands/api-key'),
  orders: () => import('./commands/orders'),
  staff: () => import('./commands/staff'),
};

const USAGE = `Usage: npm run seller -- [--server URL] <command> [arguments]

While the server runs, each command asks it (its staff API, with the staff key it keeps in
its data folder, or STAFF_KEY); with no server answering, it opens the database itself.
--server (or ADMIT_URL) names the server; by default this machine's, on PORT.

Commands:
  import FILE [--dry-run]           create or update a seller from its file (decision 0041)
  export SLUG [--out FILE]          write a seller's catalogue back as a file, pictures beside it
  api-key create SLUG --name NAME   make a seller API key (printed once)
  api-key list SLUG                 the seller's keys (prefix, last use, revoked)
  api-key revoke SLUG ID            revoke a key at once
  orders SLUG [--since ISO] [--format csv|json] [--out FILE]
                                    export orders and their tickets
  staff add SLUG --email EMAIL --role owner|box_office|door [--password PASSWORD]
                                    a back-office staff user (the password is asked for
                                    when not given); the first owner is made this way
`;

/** Runs one command line; the exit code. */
export async function runSellerCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr(name && name !== '--help' ? `Unknown command: ${name}\n\n${USAGE}` : USAGE);
    return name && name !== '--help' ? 2 : 0;
  }
  try {
    return await (await load()).run(rest, io);
  } catch (err) {
    // the service's refusals (no such seller, a bad name) are the user's to read, not a crash
    if (err instanceof AppError) {
      io.stderr(`${err.message}\n`);
      return 1;
    }
    // the server's refusals, or it stopped answering: its sentence
    if (err instanceof CliFailure) {
      io.stderr(`${err.message}\n`);
      return err.exitCode;
    }
    throw err;
  }
}

/** `--server URL` (or `--server=URL`) before the command: the server to ask. */
function serverOption(args: string[]): { server?: string; argv: string[] } {
  const [first, second, ...rest] = args;
  if (first === '--server' && second !== undefined) return { server: second, argv: rest };
  if (first?.startsWith('--server=')) return { server: first.slice(9), argv: args.slice(1) };
  return { argv: args };
}

async function main() {
  const { server, argv } = serverOption(process.argv.slice(2));
  if (argv.length === 0 || argv[0] === '--help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const { io, close } = await openCliIo({ server });
  try {
    return await runSellerCli(argv, io);
  } finally {
    await close();
  }
}

// run only as the entry point (tests import runSellerCli)
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  main().then(
    // not process.exit: stdout into a pipe is written asynchronously, and an export is long
    (code) => {
      process.exitCode = code;
    },
    // the message, not the stack (issue 22): a command prints its own problems as file:line
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
