import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ArtName } from './art/art-catalog';
import { renderBrandImages, renderEventImages, type RenderedImage } from './render-images';

/**
 * `npm run demo:images -w @admit/api`: draws the demo sellers' pictures from the SVG art in
 * art/ and writes them into sellers/images/{seller}/, where their seller files name them
 * (decision 0041: the pictures are committed, so a seed only reads files). Run it after changing
 * the art; the seed never renders.
 */
const ART: Record<string, { logo: ArtName; favicon: ArtName; events: Record<string, ArtName> }> = {
  'demo-museum': {
    logo: 'museum-logo',
    favicon: 'museum-favicon',
    events: {
      'general-admission': 'museum-gallery',
      'chronos-exhibition': 'museum-exhibition',
      'cosmic-nights': 'museum-planetarium',
      'evening-of-light-concert': 'museum-concert',
      membership: 'museum-membership',
      donation: 'museum-donation',
      'gift-cards': 'museum-gift-card',
      'members-evening': 'museum-members-evening',
      'private-group-tour': 'museum-group-tour',
      'sketching-hour': 'museum-gallery',
    },
  },
  'harbour-aquarium': {
    logo: 'aquarium-logo',
    favicon: 'aquarium-favicon',
    events: {
      'aquarium-admission': 'aquarium-tank',
      'penguin-feeding': 'aquarium-penguins',
      'behind-the-scenes': 'aquarium-backstage',
      'gift-cards': 'aquarium-gift-card',
      donation: 'aquarium-donation',
    },
  },
};

async function main() {
  for (const [slug, art] of Object.entries(ART)) {
    const dir = fileURLToPath(new URL(`./sellers/images/${slug}/`, import.meta.url));
    await mkdir(dir, { recursive: true });
    const sets: RenderedImage[][] = await Promise.all([
      renderBrandImages(art.logo, art.favicon),
      ...Object.entries(art.events).map(([key, name]) => renderEventImages(key, name)),
    ]);
    for (const image of sets.flat()) await writeFile(`${dir}${image.name}`, image.bytes);
    console.log(`${slug}: ${sets.flat().length} pictures in ${dir}`);
  }
}

await main();
