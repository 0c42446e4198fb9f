import { aquariumTank, backstage, penguinBeach, turtle } from './aquarium-scenes';
import { aquariumFavicon, aquariumLogo, museumFavicon, museumLogo } from './logos';
import {
  GALLERY_DAY,
  GALLERY_NIGHT,
  GALLERY_TOUR,
  concert,
  gallery,
  planetarium,
  prism,
} from './museum-scenes';
import { donationHeart, giftCard, membershipCard, type SupportPalette } from './support-art';

/** Every piece of generated demo art, by name: `draw(width, height)` returns SVG. */

const MUSEUM_SUPPORT: SupportPalette = {
  bg: ['#1a1712', '#3b2f1c'],
  card: '#f2c14e',
  ink: '#14110b',
  accent: '#8a5a12',
};

const AQUARIUM_SUPPORT: SupportPalette = {
  bg: ['#dff6ff', '#8fd3ea'],
  card: '#0b3d5c',
  ink: '#ffffff',
  accent: '#ff8c42',
};

const ART = {
  'museum-gallery': (w: number, h: number) => gallery(w, h, GALLERY_DAY),
  'museum-members-evening': (w: number, h: number) => gallery(w, h, GALLERY_NIGHT),
  'museum-group-tour': (w: number, h: number) => gallery(w, h, GALLERY_TOUR),
  'museum-exhibition': prism,
  'museum-planetarium': planetarium,
  'museum-concert': concert,
  'museum-membership': (w: number, h: number) =>
    membershipCard(w, h, MUSEUM_SUPPORT, 'Light & Time'),
  'museum-donation': (w: number, h: number) => donationHeart(w, h, MUSEUM_SUPPORT),
  'museum-gift-card': (w: number, h: number) => giftCard(w, h, MUSEUM_SUPPORT, 'Museum Gift Card'),
  'museum-logo': museumLogo,
  'museum-favicon': museumFavicon,
  'aquarium-tank': aquariumTank,
  'aquarium-penguins': penguinBeach,
  'aquarium-backstage': backstage,
  'aquarium-donation': turtle,
  'aquarium-gift-card': (w: number, h: number) =>
    giftCard(w, h, AQUARIUM_SUPPORT, 'Aquarium Gift Card'),
  'aquarium-logo': aquariumLogo,
  'aquarium-favicon': aquariumFavicon,
} satisfies Record<string, (width: number, height: number) => string>;

export type ArtName = keyof typeof ART;

export function drawArt(name: ArtName, width: number, height: number): string {
  return ART[name](width, height);
}
