import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@admit/contracts/office';
import { staffOf, type CliIo } from '../cli-io';

/**
 * `staff add SLUG --email E --role owner|box_office|door [--password P]`: a back-office staff
 * user (decision 0083); the first owner of a seller is made this way, then the owner manages the
 * rest in the office. Without `--password` the password is asked for (not echoed on a
 * terminal) or read as the first line of standard input, so it need not sit in shell history.
 */

const USAGE =
  'Usage: npm run seller -- staff add SLUG --email EMAIL --role owner|box_office|door [--password PASSWORD]\n';

/** Asks for the password: hidden on a terminal, else the first line of standard input. */
async function askPassword(io: CliIo): Promise<string> {
  const stdin = process.stdin;
  const rl = createInterface({ input: stdin, terminal: stdin.isTTY === true });
  if (stdin.isTTY) {
    io.stderr('Password for the new staff user: ');
    // readline writes what is typed through _writeToOutput; writing nothing hides it
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  try {
    return await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
  } finally {
    rl.close();
    if (stdin.isTTY) io.stderr('\n');
  }
}

const isRole = (value: string | undefined): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value ?? '');

export async function run(argv: string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, slug, extra] = positionals;
  if (action !== 'add' || !slug || extra !== undefined || !values.email || !isRole(values.role)) {
    io.stderr(USAGE);
    return 2;
  }
  const password = values.password ?? (await askPassword(io));
  const user = await staffOf(io).addOfficeStaff(slug, {
    email: values.email,
    password,
    role: values.role,
  });
  io.stdout(`Added ${user.role} ${user.email} (id ${user.id}) to ${slug}'s office.\n`);
  return 0;
}
