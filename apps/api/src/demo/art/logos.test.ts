import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { aquariumLogo, LOGO_SIZE, museumLogo } from './logos';

/**
 * The demo wordmarks stay legible where the header draws them (issue #25: the museum's name was
 * 9 px tall): every font size of the art, scaled to the seller's `logo_height_px`, is at least
 * 16 CSS px, and the configured width keeps the picture's ratio.
 */
const MIN_DRAWN_FONT_PX = 16;

function theme(slug: string): { logo_height_px: number; logo_width_px: number } {
  const file = readFileSync(new URL(`../sellers/${slug}.yaml`, import.meta.url), 'utf8');
  return (parse(file) as { seller: { settings: { theme: never } } }).seller.settings.theme;
}

const fontSizes = (svg: string) =>
  [...svg.matchAll(/font-size="(\d+(?:\.\d+)?)"/g)].map((m) => Number(m[1]));

describe('demo logos', () => {
  it.each([
    ['demo-museum', museumLogo],
    ['harbour-aquarium', aquariumLogo],
  ])('%s: letters at least 16 px where the header draws the logo', (slug, logo) => {
    const { logo_height_px: height, logo_width_px: width } = theme(slug);
    const sizes = fontSizes(String(logo(LOGO_SIZE.width, LOGO_SIZE.height)));
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) {
      expect((size * height) / LOGO_SIZE.height).toBeGreaterThanOrEqual(MIN_DRAWN_FONT_PX);
    }
    expect(width / height).toBeCloseTo(LOGO_SIZE.width / LOGO_SIZE.height, 1);
  });
});
