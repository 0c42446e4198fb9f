import { seededRandom as seeded } from '@/lib/seeded-random';
import { blur, linear, person, radial, starfield, svgDoc } from './svg-kit';

/** Museum of Light & Time: gallery arches, the prism exhibition, the dome and the stage. */

interface GalleryPalette {
  sky: [string, string];
  arch: [string, string];
  pillar: string;
  floor: [string, string];
  people: string;
  lanterns?: boolean;
}

export const GALLERY_DAY: GalleryPalette = {
  sky: ['#1b1d2a', '#2c2a35'],
  arch: ['#ffe6a8', '#f0a64a'],
  pillar: '#23242e',
  floor: ['#3a3440', '#15141b'],
  people: '#0d0d12',
};

export const GALLERY_NIGHT: GalleryPalette = {
  sky: ['#070b1c', '#141a38'],
  arch: ['#6d8cff', '#1d2a6b'],
  pillar: '#0b0f22',
  floor: ['#1c2246', '#05060f'],
  people: '#020309',
  lanterns: true,
};

export const GALLERY_TOUR: GalleryPalette = {
  sky: ['#2a1f1a', '#3b2a22'],
  arch: ['#fff2d6', '#d9874a'],
  pillar: '#2a211c',
  floor: ['#4b3a2e', '#1c1410'],
  people: '#120d0a',
};

/** A receding arcade of lit arches with visitors looking at framed works. */
export function gallery(width: number, height: number, p: GalleryPalette) {
  const arches = [130, 430, 730, 1030, 1330]
    .map((x, i) => {
      const w = 180;
      const top = 300 + Math.abs(i - 2) * 30;
      const r = w / 2;
      const frame = `<rect x="${x + 45}" y="${top + 80}" width="90" height="120" fill="#2b1c10" stroke="#c79a4b" stroke-width="6"/><rect x="${x + 55}" y="${top + 90}" width="70" height="100" fill="url(#art${i % 3})"/>`;
      return `<path d="M${x} 690 L${x} ${top} A${r} ${r} 0 0 1 ${x + w} ${top} L${x + w} 690 Z" fill="url(#arch)"/>${frame}`;
    })
    .join('');
  const pillars = [0, 310, 610, 910, 1210, 1510]
    .map(
      (x) =>
        `<rect x="${x}" y="140" width="120" height="560" fill="${p.pillar}"/><rect x="${x - 10}" y="130" width="140" height="26" fill="${p.pillar}"/>`,
    )
    .join('');
  const beams = [220, 820, 1420]
    .map(
      (x) =>
        `<polygon points="${x - 40},300 ${x + 40},300 ${x + 260},900 ${x - 260},900" fill="url(#beam)"/>`,
    )
    .join('');
  const lanterns = p.lanterns
    ? [360, 660, 960, 1260]
        .map(
          (x) =>
            `<circle cx="${x}" cy="200" r="34" fill="#ffd37a" filter="url(#soft)" opacity="0.85"/><circle cx="${x}" cy="200" r="12" fill="#fff4d6"/>`,
        )
        .join('')
    : '';
  const people = [
    person(520, 900, 1.25, p.people),
    person(600, 900, 1.05, p.people),
    person(1120, 900, 1.35, p.people),
    person(260, 900, 0.95, p.people),
  ].join('');
  const defs = `<defs>${linear('sky', [
    [0, p.sky[0]],
    [1, p.sky[1]],
  ])}${linear('arch', [
    [0, p.arch[0]],
    [1, p.arch[1]],
  ])}${linear('floor', [
    [0, p.floor[0]],
    [1, p.floor[1]],
  ])}${linear('beam', [
    [0, '#fff6dc', 0.35],
    [1, '#fff6dc', 0],
  ])}${linear(
    'art0',
    [
      [0, '#2e6f8e'],
      [1, '#e2b04a'],
    ],
    [0, 0, 1, 1],
  )}${linear(
    'art1',
    [
      [0, '#8e2e4f'],
      [1, '#f0d9a0'],
    ],
    [1, 0, 0, 1],
  )}${linear('art2', [
    [0, '#1d3b2a'],
    [1, '#9fcf6a'],
  ])}${blur('soft', 16)}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#sky)"/>${arches}${pillars}<rect y="690" width="1600" height="210" fill="url(#floor)"/>${beams}${lanterns}${people}`,
  );
}

/** "Light & Time": a prism splitting a white beam into a spectrum over faint clock rings. */
export function prism(width: number, height: number) {
  const colors = ['#ff3b30', '#ff9500', '#ffcc00', '#34c759', '#0a84ff', '#5e5ce6', '#bf5af2'];
  const fan = colors
    .map(
      (c, i) =>
        `<polygon points="860,440 870,470 1600,${300 + i * 62} 1600,${240 + i * 62}" fill="${c}" opacity="0.82"/>`,
    )
    .join('');
  const rings = [140, 230, 320, 410]
    .map(
      (r) =>
        `<circle cx="800" cy="450" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.07" stroke-width="2"/>`,
    )
    .join('');
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const x1 = 800 + Math.cos(a) * 380;
    const y1 = 450 + Math.sin(a) * 380;
    const x2 = 800 + Math.cos(a) * 410;
    const y2 = 450 + Math.sin(a) * 410;
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#fff" stroke-opacity="0.18" stroke-width="6"/>`;
  }).join('');
  const defs = `<defs>${radial(
    'bg',
    [
      [0, '#1c1b2e'],
      [1, '#050509'],
    ],
    0.5,
    0.5,
    0.75,
  )}${linear(
    'glass',
    [
      [0, '#ffffff', 0.55],
      [1, '#9ad0ff', 0.15],
    ],
    [0, 0, 1, 1],
  )}${blur('glow', 10)}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#bg)"/>${rings}${ticks}<polygon points="0,520 0,548 800,462 800,452" fill="#ffffff" opacity="0.9" filter="url(#glow)"/><polygon points="0,528 0,540 800,460 800,455" fill="#fff"/>${fan}<polygon points="800,250 990,600 610,600" fill="url(#glass)" stroke="#e8f4ff" stroke-width="4"/>`,
  );
}

/** The planetarium dome: starfield, nebulae, a ringed planet and the audience below. */
export function planetarium(width: number, height: number) {
  const rand = seeded(42);
  const heads = Array.from(
    { length: 18 },
    (_, i) => `<circle cx="${60 + i * 88}" cy="${850 + (i % 2) * 14}" r="30" fill="#05040a"/>`,
  ).join('');
  const defs = `<defs>${radial(
    'space',
    [
      [0, '#24164a'],
      [0.6, '#0c0a22'],
      [1, '#020208'],
    ],
    0.5,
    0.35,
    0.8,
  )}${radial('neb1', [
    [0, '#c45cff', 0.55],
    [1, '#c45cff', 0],
  ])}${radial('neb2', [
    [0, '#35c2ff', 0.45],
    [1, '#35c2ff', 0],
  ])}${radial(
    'planet',
    [
      [0, '#ffd59a'],
      [0.7, '#d9822b'],
      [1, '#5a2a10'],
    ],
    0.35,
    0.35,
    0.75,
  )}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#space)"/><ellipse cx="420" cy="260" rx="380" ry="220" fill="url(#neb1)"/><ellipse cx="1180" cy="360" rx="420" ry="260" fill="url(#neb2)"/>${starfield(rand, 420, 760)}<ellipse cx="1050" cy="330" rx="250" ry="58" fill="none" stroke="#f3d7a4" stroke-width="14" opacity="0.75" transform="rotate(-14 1050 330)"/><circle cx="1050" cy="330" r="140" fill="url(#planet)"/><path d="M800 330 A250 58 0 0 0 1300 330" fill="none" stroke="#f3d7a4" stroke-width="14" opacity="0.9" transform="rotate(-14 1050 330)"/><path d="M0 900 L0 760 Q800 640 1600 760 L1600 900 Z" fill="#0a0814"/>${heads}`,
  );
}

/** A concert stage: coloured spotlight cones, the band's instruments and the crowd. */
export function concert(width: number, height: number) {
  const cones = [
    [200, '#ff2d95'],
    [560, '#ffb800'],
    [800, '#ffffff'],
    [1040, '#ffb800'],
    [1400, '#2dd4ff'],
  ]
    .map(
      ([x, c], i) =>
        `<polygon points="${x},0 ${Number(x) + 30},0 ${Number(x) + 220 - i * 40},640 ${Number(x) - 190 + i * 20},640" fill="${c}" opacity="0.22"/>`,
    )
    .join('');
  const crowd = Array.from({ length: 26 }, (_, i) => {
    const x = 30 + i * 62;
    const y = 820 + ((i * 37) % 40);
    const arm =
      i % 5 === 2
        ? `<rect x="${x + 14}" y="${y - 150}" width="14" height="120" rx="7" fill="#050307" transform="rotate(12 ${x} ${y})"/>`
        : '';
    return `<circle cx="${x}" cy="${y}" r="28" fill="#050307"/>${arm}<rect x="${x - 36}" y="${y + 20}" width="72" height="120" rx="30" fill="#050307"/>`;
  }).join('');
  const defs = `<defs>${linear('bg', [
    [0, '#12081f'],
    [1, '#2a0f2e'],
  ])}${linear('stage', [
    [0, '#3c2236'],
    [1, '#12070f'],
  ])}${blur('haze', 30)}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#bg)"/>${cones}<ellipse cx="800" cy="630" rx="700" ry="60" fill="#ff9ad5" opacity="0.25" filter="url(#haze)"/><rect y="620" width="1600" height="280" fill="url(#stage)"/><path d="M640 620 L640 520 Q700 470 800 520 L880 560 L880 620 Z" fill="#0b0609"/><rect x="1000" y="500" width="16" height="120" fill="#0b0609"/><circle cx="1008" cy="492" r="22" fill="#0b0609"/><circle cx="470" cy="590" r="44" fill="#0b0609"/><circle cx="400" cy="600" r="34" fill="#0b0609"/>${crowd}`,
  );
}
