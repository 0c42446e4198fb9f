import { card, escapeXml, linear, radial, svgDoc } from './svg-kit';

/** Membership, donation and gift card art, tinted per seller. */

export interface SupportPalette {
  bg: [string, string];
  card: string;
  ink: string;
  accent: string;
}

export function membershipCard(width: number, height: number, p: SupportPalette, label: string) {
  const emblem = `<path d="M600 560 L600 470 A60 60 0 0 1 720 470 L720 560 Z" fill="none" stroke="${p.accent}" stroke-width="12"/>`;
  const inner = `${emblem}<text x="750" y="505" font-family="DejaVu Serif, serif" font-size="46" fill="${p.ink}" font-weight="bold">${escapeXml(label)}</text><text x="750" y="560" font-family="DejaVu Sans, sans-serif" font-size="30" letter-spacing="8" fill="${p.accent}">MEMBER</text><rect x="600" y="640" width="420" height="14" rx="7" fill="${p.ink}" opacity="0.25"/><rect x="600" y="670" width="280" height="14" rx="7" fill="${p.ink}" opacity="0.25"/>`;
  const defs = `<defs>${linear(
    'bg',
    [
      [0, p.bg[0]],
      [1, p.bg[1]],
    ],
    [0, 0, 1, 1],
  )}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#bg)"/><circle cx="1400" cy="120" r="260" fill="${p.accent}" opacity="0.12"/><circle cx="180" cy="820" r="320" fill="${p.accent}" opacity="0.08"/>${card(540, 380, 620, 360, p.card, inner)}`,
  );
}

export function donationHeart(width: number, height: number, p: SupportPalette) {
  const rings = [180, 280, 380, 480]
    .map(
      (r, i) =>
        `<circle cx="800" cy="470" r="${r}" fill="none" stroke="${p.accent}" stroke-opacity="${0.3 - i * 0.06}" stroke-width="3"/>`,
    )
    .join('');
  const defs = `<defs>${radial(
    'bg',
    [
      [0, p.bg[0]],
      [1, p.bg[1]],
    ],
    0.5,
    0.5,
    0.8,
  )}${linear('heart', [
    [0, p.accent],
    [1, p.card],
  ])}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#bg)"/>${rings}<path d="M800 640 C640 540 560 450 600 370 C640 300 740 300 800 380 C860 300 960 300 1000 370 C1040 450 960 540 800 640 Z" fill="url(#heart)"/>`,
  );
}

export function giftCard(width: number, height: number, p: SupportPalette, label: string) {
  const ribbon = `<rect x="900" y="330" width="46" height="420" fill="${p.accent}"/><rect x="520" y="520" width="560" height="46" fill="${p.accent}"/><ellipse cx="890" cy="520" rx="70" ry="38" fill="none" stroke="${p.accent}" stroke-width="18" transform="rotate(-25 890 520)"/><ellipse cx="960" cy="520" rx="70" ry="38" fill="none" stroke="${p.accent}" stroke-width="18" transform="rotate(25 960 520)"/>`;
  const inner = `${ribbon}<text x="570" y="690" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="bold" fill="${p.ink}">${escapeXml(label)}</text>`;
  const defs = `<defs>${linear(
    'bg',
    [
      [0, p.bg[0]],
      [1, p.bg[1]],
    ],
    [0, 0, 1, 1],
  )}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#bg)"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${i * 220 - 60}" y="-40" width="90" height="1000" fill="${p.accent}" opacity="0.05" transform="rotate(18 ${i * 220} 450)"/>`).join('')}${card(520, 330, 560, 420, p.card, inner)}`,
  );
}
