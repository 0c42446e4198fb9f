import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo-root';
import { SERVER_ARGS } from './testing/server-process';

/** Starts the real server (main.ts) in a child process and collects how it ended. */
function startServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, SERVER_ARGS, {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        TZ: 'UTC',
        TSX_TSCONFIG_PATH: join(REPO_ROOT, 'apps/api/tsconfig.json'),
        DATA_DIR: 'memory://',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // a server that starts would keep running: stop it so the test reports instead of hanging
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Issue #12: production start-up refuses unsafe configuration with a readable message. */
describe('main.ts in production', () => {
  it('refuses to start without PUBLIC_URL', async () => {
    const { code, output } = await startServer({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(code).toBe(1);
    expect(output).toContain('PUBLIC_URL: required in production');
  }, 120_000);

  it('refuses to start while the demo sellers would take sandbox payments without test mode', async () => {
    const { code, output } = await startServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tickets.example.org',
      SEED_DEMO: 'true',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'Refusing to start in production: the test card gateway would take payments for demo-museum, harbour-aquarium.',
    );
  }, 120_000);
});
