import { spawn } from 'node:child_process';
import { repoRoot } from './paths';

/**
 * Runs `npm run seller -- …` as a seller would, against the database `env` names (DATA_DIR or
 * DATABASE_URL); its stdout, or an error with what it said.
 */
export function sellerCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'seller', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`seller ${args.join(' ')} exited ${code}: ${err}`)),
    );
  });
}
