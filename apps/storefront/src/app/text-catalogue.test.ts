import { describe, expect, it } from 'vitest';
import { buildTextCatalogue, TEXT_CATALOGUE_PARTS } from '@/app/text-catalogue';

describe('text catalogue', () => {
  it('has unique keys across all features', () => {
    const { duplicates } = buildTextCatalogue();
    expect(duplicates).toEqual([]);
  });

  it('reports a key that two features both define', () => {
    const { duplicates } = buildTextCatalogue({ a: { 'x.one': 'One' }, b: { 'x.one': 'Uno' } });
    expect(duplicates).toEqual(['x.one']);
  });

  it('has a non-empty default for every key', () => {
    const { catalogue } = buildTextCatalogue();
    const empty = Object.entries(catalogue).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
    expect(Object.keys(catalogue).length).toBeGreaterThan(20);
  });

  it('prefixes every key with its feature name', () => {
    const misplaced = Object.entries(TEXT_CATALOGUE_PARTS).flatMap(([feature, strings]) =>
      Object.keys(strings).filter((key) => !key.startsWith(`${feature}.`)),
    );
    expect(misplaced).toEqual([]);
  });
});
