import { describe, expect, it } from 'vitest';
import { flowDepthExcess } from './flow-depth';
import { SellerFileError } from './file-errors';
import { parseSellerFile } from './parse-file';

const nested = (depth: number) => '{a: ['.repeat(depth / 2) + ']}'.repeat(depth / 2);

describe('flow nesting is bounded before the document is composed (issue 22, finding 10)', () => {
  it('finds the line where [ and { first nest past the limit, and nothing below it', () => {
    expect(flowDepthExcess(`a: 1\nb: ${nested(64)}\n`)).toBeNull();
    expect(flowDepthExcess(`a: 1\nb:\n  c: ${nested(66)}\n`)).toBe(3);
    // brackets inside quoted scalars are text, not nesting
    expect(flowDepthExcess(`a: "${'['.repeat(500)}"\nb: '${'{'.repeat(500)}'\n`)).toBeNull();
  });

  it('refuses a deeply nested seller file as file:line: message', () => {
    const text = `seller:\n  slug: deep\n  name: ${nested(20_000)}\n`;
    let error: unknown;
    try {
      parseSellerFile(text, 'deep.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SellerFileError);
    expect((error as SellerFileError).issues).toEqual([
      { path: '', line: 3, message: '[ and { nest more than 64 deep' },
    ]);
    expect((error as Error).message).toContain(
      'deep.yaml:3  (file): [ and { nest more than 64 deep',
    );
  });
});
