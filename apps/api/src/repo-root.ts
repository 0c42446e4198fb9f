import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place in apps/api/src (not from the working directory). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Resolves a configured path against the repository root, so `./data/pglite` means the same
 * folder whether the server was started from the root or from apps/api. URLs such as
 * "memory://" and absolute paths pass through.
 */
export function fromRepoRoot(path: string): string {
  if (path.includes('://') || isAbsolute(path)) return path;
  return resolve(REPO_ROOT, path);
}
