// The description sanitiser's entry in the source (description-html.ts forks it): a child process
// gets none of its parent's `--import tsx`, so it registers tsx itself, with the API's tsconfig
// for the `@/` paths, before loading the TypeScript sanitiser. The build compiles
// description-sanitizer.ts under this very name into apps/api/dist (scripts/build.mjs).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('./description-sanitizer.ts');
