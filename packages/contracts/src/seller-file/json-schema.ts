import { z } from 'zod';
import { sellerFileSchema } from './seller-file';

/**
 * The JSON Schema of a seller file, for editors (`# yaml-language-server: $schema=…`), generated
 * from the zod schema so the two cannot drift: committed as docs/seller-file.schema.json and
 * checked by tools/seller-file-schema.test.ts. Cross-field checks (unique keys, references)
 * are the import's, not the editor's.
 */
export function sellerFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(sellerFileSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Admit seller definition file',
    description:
      'One seller: settings, venues, events, ticket groups and types, session rules, codes, gift cards, payment plans and membership programs (docs/decisions/0041).',
  };
}
