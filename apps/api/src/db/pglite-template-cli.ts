// The build's last step (scripts/build.mjs): the empty migrated database beside the compiled
// server, for a fresh install's first start (pglite-template.ts, decision 0110).
import { writePgliteTemplate } from './pglite-template-make';

await writePgliteTemplate();
