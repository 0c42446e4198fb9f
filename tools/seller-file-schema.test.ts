import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sellerFileJsonSchema } from '@admit/contracts/seller-file/json-schema';

// The committed JSON Schema of seller files (editors read it) is the zod schema's: regenerate it
// with `UPDATE_SELLER_FILE_SCHEMA=1 npx vitest run tools/seller-file-schema.test.ts`.
const SCHEMA_FILE = fileURLToPath(new URL('../docs/seller-file.schema.json', import.meta.url));

it('docs/seller-file.schema.json is generated from the contract and up to date', () => {
  const generated = sellerFileJsonSchema();
  if (process.env.UPDATE_SELLER_FILE_SCHEMA === '1') {
    writeFileSync(SCHEMA_FILE, `${JSON.stringify(generated, null, 2)}\n`);
  }
  const committed = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as unknown;
  expect(
    committed,
    'run UPDATE_SELLER_FILE_SCHEMA=1 npx vitest run tools/seller-file-schema.test.ts',
  ).toEqual(generated);
});
