import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEMO_THEMES } from '../apps/storefront/src/app/stories/demo-themes';

// The developer viewer keeps its own copy of the demo sellers' themes (the storefront never
// imports the API; decision 0081): this keeps the copy equal to the seed files, images aside.
const seedTheme = (seller: string) => {
  const file = fileURLToPath(
    new URL(`../apps/api/src/demo/sellers/${seller}.yaml`, import.meta.url),
  );
  const seed = parse(readFileSync(file, 'utf8')) as {
    seller: { settings: { theme: Record<string, unknown> } };
  };
  return seed.seller.settings.theme;
};

it.each(DEMO_THEMES.map((demo) => [demo.seller, demo.theme] as const))(
  "/_stories' %s theme is the demo seed's",
  (seller, theme) => {
    const { logo_url: _logo, favicon_url: _favicon, ...seed } = seedTheme(seller);
    const { logo_url: _l, favicon_url: _f, ...copy } = theme;
    expect(copy).toEqual(seed);
  },
);
