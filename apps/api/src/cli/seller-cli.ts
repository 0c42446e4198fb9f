import { openCliIo, type CliIo } from './cli-io';

/**
 * `npm run seller -- <command> …`: the seller's command line (issue 16; README "Run your own
 * seller"). Each command is a module of commands/ exporting `run(argv, io)` → exit code, loaded
 * only when named.
 */
type Command = { run: (argv: string[], io: CliIo) => Promise<number> };

export const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  import: {
    summary: 'import FILE [--dry-run]   create or update a seller from its file',
    load: () => import('./commands/import'),
  },
  export: {
    summary: 'export SLUG [--out FILE]  write a seller back as a file (pictures beside it)',
    load: () => import('./commands/export'),
  },
};

export const USAGE = [
  'Usage: npm run seller -- <command> …',
  ...Object.values(COMMANDS).map((c) => `  ${c.summary}`),
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    process.stderr.write(
      `${name && !name.startsWith('-') ? `Unknown command ${name}\n` : ''}${USAGE}\n`,
    );
    return name === undefined || name === '--help' || name === '-h' ? 0 : 64;
  }
  const { run } = await command.load();
  const io = await openCliIo();
  try {
    return await run(rest, io);
  } finally {
    await io.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
