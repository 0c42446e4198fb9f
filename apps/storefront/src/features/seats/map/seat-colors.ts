import { SEAT_GROUP_PALETTE } from '@admit/contracts/constants';

/**
 * The seat map's own colours. The map is drawn on a fixed white ground whatever the seller's
 * theme, so the palette's contrast (≥ 3:1, WCAG 1.4.11) holds on light and dark themes alike.
 */
export const SEAT_MAP_COLORS = {
  ground: '#ffffff',
  /** sold-out seats: a pale disc under a dark cross (the cross carries the state, not the grey) */
  bookedFill: '#d6d6d6',
  bookedMark: '#4a4a4a',
  /** unavailable seats: hollow, a grey ring of 4.5:1 */
  unavailableStroke: '#767676',
  /** the selected seat's outer ring */
  ring: '#1b1b1b',
  /** the focused seat's ring (a blue no group colour uses), 10:1 on the ground */
  focus: '#0b3d91',
  check: '#ffffff',
  label: '#1b1b1b',
} as const;

/** A seated group's colour: its `color` number into the 20-colour palette, else its position. */
export function groupColor(color: number | null, position: number): string {
  const index = color ?? position;
  const size = SEAT_GROUP_PALETTE.length;
  return SEAT_GROUP_PALETTE[((index % size) + size) % size]!;
}

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
