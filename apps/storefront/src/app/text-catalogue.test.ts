import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mustMatchKey } from '@admit/contracts/rules/checkout-questions';
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

describe("the demo sellers' text overrides (shopping §1)", () => {
  // every override a demo seller sets must name a catalogue key, or it is silently never shown
  // (issue #25: the demo's "Your visit plan is empty." sat under a key no cart read)
  const sellerFiles = import.meta.glob<string>('../../../api/src/demo/sellers/*.yaml', {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('finds the demo seller files', () => {
    expect(Object.keys(sellerFiles).length).toBeGreaterThanOrEqual(2);
  });

  type Questions = { properties?: Record<string, { same_as?: string }> };
  type Meta = { identity_form?: Questions; extra_checkout_fields?: Questions };
  /** The '{field}MustMatch' keys the file's checkout questions show (decision 0064). */
  const mustMatchKeys = (events: { meta?: Meta; ticket_groups?: { meta?: Meta }[] }[]) =>
    events
      .flatMap((e) => [e.meta, ...(e.ticket_groups ?? []).map((g) => g.meta)])
      .flatMap((m) => [m?.identity_form, m?.extra_checkout_fields])
      .flatMap((q) => Object.values(q?.properties ?? {}))
      .flatMap((p) => (p.same_as ? [mustMatchKey(p.same_as)] : []));

  it.each(Object.entries(sellerFiles))('%s overrides only texts the storefront shows', (_, raw) => {
    const file = parse(raw) as {
      seller?: { settings?: { text_strings?: Record<string, string> } };
      events?: Parameters<typeof mustMatchKeys>[0];
    };
    const overrides = Object.keys(file.seller?.settings?.text_strings ?? {});
    const { catalogue } = buildTextCatalogue();
    const shown = new Set([...Object.keys(catalogue), ...mustMatchKeys(file.events ?? [])]);
    expect(overrides.filter((key) => !shown.has(key))).toEqual([]);
  });
});
