import { escapeXml, linear, svgDoc } from './svg-kit';

/**
 * Wordmark logos (PNG with transparency) and square favicons for both demo sellers. The name
 * sits on two lines beside the mark: drawn 48 px tall in the header (the seller config's
 * `logo_height_px`) its letters are about 17 px, where one long line made them 9 px (#25).
 */

export const LOGO_SIZE = { width: 512, height: 128 };

/** The logo's width drawn `height` px tall: the seller config's `theme.logo_width_px`. */
export function logoWidthAt(height: number): number {
  return Math.round((LOGO_SIZE.width * height) / LOGO_SIZE.height);
}
export const FAVICON_SIZE = { width: 64, height: 64 };

function sunClock(cx: number, cy: number, r: number, color: string) {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${(cx + Math.cos(a) * r * 1.15).toFixed(1)}" y1="${(cy + Math.sin(a) * r * 1.15).toFixed(1)}" x2="${(cx + Math.cos(a) * r * 1.45).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 1.45).toFixed(1)}" stroke="${color}" stroke-width="${(r * 0.12).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return `${rays}<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${(r * 0.16).toFixed(1)}"/><path d="M${cx} ${cy} V${cy - r * 0.62} M${cx} ${cy} L${cx + r * 0.45} ${cy + r * 0.2}" stroke="${color}" stroke-width="${(r * 0.14).toFixed(1)}" stroke-linecap="round"/>`;
}

function wave(x: number, y: number, w: number, color: string, stroke: number) {
  const q = w / 4;
  return `<path d="M${x} ${y} q${q / 2} ${-q / 2} ${q} 0 t${q} 0 t${q} 0 t${q} 0" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linecap="round"/>`;
}

export function museumLogo(width: number, height: number) {
  return svgDoc(
    width,
    height,
    `${sunClock(64, 64, 34, '#f2c14e')}<text font-family="DejaVu Serif, serif" font-size="44" font-weight="bold" fill="#f7f3ea"><tspan x="132" y="56">${escapeXml('Museum of')}</tspan><tspan x="132" y="108">${escapeXml('Light & Time')}</tspan></text>`,
    `0 0 ${LOGO_SIZE.width} ${LOGO_SIZE.height}`,
  );
}

export function museumFavicon(width: number, height: number) {
  return svgDoc(
    width,
    height,
    `<rect width="64" height="64" rx="14" fill="#121316"/>${sunClock(32, 32, 15, '#f2c14e')}`,
    '0 0 64 64',
  );
}

export function aquariumLogo(width: number, height: number) {
  return svgDoc(
    width,
    height,
    `<defs>${linear('drop', [
      [0, '#1aa3c8'],
      [1, '#0b3d5c'],
    ])}</defs><circle cx="64" cy="64" r="50" fill="url(#drop)"/>${wave(28, 58, 72, '#ffffff', 7)}${wave(28, 80, 72, '#bdefff', 6)}<text font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="50" font-weight="bold" fill="#0b3d5c"><tspan x="134" y="58">Harbour</tspan><tspan x="134" y="110" fill="#1a8fb3">Aquarium</tspan></text>`,
    `0 0 ${LOGO_SIZE.width} ${LOGO_SIZE.height}`,
  );
}

export function aquariumFavicon(width: number, height: number) {
  return svgDoc(
    width,
    height,
    `<defs>${linear('drop', [
      [0, '#1aa3c8'],
      [1, '#0b3d5c'],
    ])}</defs><circle cx="32" cy="32" r="30" fill="url(#drop)"/>${wave(12, 28, 40, '#ffffff', 5)}${wave(12, 42, 40, '#bdefff', 4)}`,
    '0 0 64 64',
  );
}
