import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchTmpDir } from './paths';

/**
 * The API benchmarks never serve a page, so they do not need (or wait for) a storefront build:
 * the server starts on a one-file stand-in.
 */
export function storefrontStub() {
  const dir = join(benchTmpDir, 'storefront-stub');
  mkdirSync(dir, { recursive: true });
  const index = join(dir, 'index.html');
  if (!existsSync(index)) writeFileSync(index, '<!doctype html><title>bench</title>');
  return dir;
}
