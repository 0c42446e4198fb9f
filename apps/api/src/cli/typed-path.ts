import { resolve } from 'node:path';

/**
 * A path the user typed, resolved against the folder they typed the command in: npm runs a
 * workspace's script in the workspace's folder and says where it was called from in INIT_CWD.
 */
export function typedPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
