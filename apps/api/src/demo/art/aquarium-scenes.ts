import { seededRandom as seeded } from '@/lib/seeded-random';
import { fish, linear, radial, svgDoc } from './svg-kit';

/** Harbour Aquarium: the main tank, the penguin beach and the behind-the-scenes tanks. */

function rays() {
  return [180, 520, 860, 1200, 1480]
    .map(
      (x, i) =>
        `<polygon points="${x - 40},0 ${x + 60},0 ${x + 260 - i * 30},900 ${x - 120 - i * 20},900" fill="#e6fbff" opacity="0.09"/>`,
    )
    .join('');
}

function bubbles(rand: () => number, count: number) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(rand() * 1600);
    const y = Math.round(rand() * 800);
    out += `<circle cx="${x}" cy="${y}" r="${(3 + rand() * 9).toFixed(1)}" fill="none" stroke="#d8f6ff" stroke-opacity="0.55" stroke-width="2"/>`;
  }
  return out;
}

function seaweed(x: number, height: number, color: string) {
  const top = 900 - height;
  return `<path d="M${x} 900 C${x - 40} ${900 - height * 0.3} ${x + 50} ${900 - height * 0.6} ${x} ${top} C${x + 30} ${900 - height * 0.6} ${x - 10} ${900 - height * 0.3} ${x + 24} 900 Z" fill="${color}"/>`;
}

export function aquariumTank(width: number, height: number) {
  const rand = seeded(7);
  const school = Array.from({ length: 22 }, (_, i) => {
    const x = 880 + (i % 6) * 70 + rand() * 30;
    const y = 300 + Math.floor(i / 6) * 52 + rand() * 20;
    return fish(Math.round(x), Math.round(y), 22, '#ffd166', false, 0.95);
  }).join('');
  const big = `${fish(360, 420, 90, '#ff7f50')}${fish(1250, 640, 70, '#8be9fd', true)}${fish(560, 690, 48, '#f4a261', true, 0.9)}`;
  const defs = `<defs>${linear('water', [
    [0, '#5fd3e8'],
    [0.45, '#147ea6'],
    [1, '#062b4a'],
  ])}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#water)"/>${rays()}<path d="M0 40 Q200 10 400 40 T800 40 T1200 40 T1600 40 L1600 0 L0 0 Z" fill="#b8f1ff" opacity="0.5"/>${seaweed(120, 380, '#1f7a4d')}${seaweed(190, 260, '#2a9d5c')}${seaweed(1430, 420, '#1f7a4d')}${seaweed(1500, 300, '#2a9d5c')}<path d="M0 900 L0 820 Q400 770 800 820 T1600 800 L1600 900 Z" fill="#c9a96e"/>${school}${big}${bubbles(rand, 60)}`,
  );
}

function penguin(x: number, baseY: number, s: number, flip = false) {
  const t = flip ? ` transform="translate(${2 * x} 0) scale(-1 1)"` : '';
  return `<g${t}><ellipse cx="${x}" cy="${baseY - 110 * s}" rx="${52 * s}" ry="${110 * s}" fill="#14171c"/><ellipse cx="${x + 12 * s}" cy="${baseY - 92 * s}" rx="${36 * s}" ry="${86 * s}" fill="#f6f7f2"/><circle cx="${x + 6 * s}" cy="${baseY - 200 * s}" r="${38 * s}" fill="#14171c"/><circle cx="${x + 20 * s}" cy="${baseY - 208 * s}" r="${6 * s}" fill="#fff"/><polygon points="${x + 38 * s},${baseY - 200 * s} ${x + 70 * s},${baseY - 190 * s} ${x + 38 * s},${baseY - 184 * s}" fill="#f4a300"/><ellipse cx="${x - 10 * s}" cy="${baseY - 2 * s}" rx="${26 * s}" ry="${9 * s}" fill="#f4a300"/><ellipse cx="${x + 28 * s}" cy="${baseY - 2 * s}" rx="${26 * s}" ry="${9 * s}" fill="#f4a300"/></g>`;
}

export function penguinBeach(width: number, height: number) {
  const defs = `<defs>${linear('sky', [
    [0, '#bfe6ff'],
    [1, '#eef9ff'],
  ])}${linear('sea', [
    [0, '#2a8fbd'],
    [1, '#0e4f73'],
  ])}${radial('sun', [
    [0, '#fff6c9'],
    [1, '#fff6c9', 0],
  ])}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#sky)"/><circle cx="1300" cy="160" r="180" fill="url(#sun)"/><rect y="470" width="1600" height="430" fill="url(#sea)"/><path d="M140 900 L240 600 L520 560 L980 590 L1320 560 L1480 900 Z" fill="#f4fbff"/><path d="M240 600 L520 560 L980 590 L1320 560 L1340 610 L260 640 Z" fill="#d4ecf7"/>${penguin(470, 700, 1.15)}${penguin(640, 690, 0.95, true)}${penguin(860, 720, 1.3)}${penguin(1080, 690, 0.85, true)}${penguin(1200, 710, 1)}`,
  );
}

export function backstage(width: number, height: number) {
  const rand = seeded(99);
  const tanks = [
    [120, 240, 520, 420],
    [700, 200, 380, 460],
    [1140, 280, 360, 380],
  ]
    .map(([x, y, w, h], i) => {
      const fishes = Array.from({ length: 4 }, () =>
        fish(
          Math.round(x! + 60 + rand() * (w! - 120)),
          Math.round(y! + 80 + rand() * (h! - 140)),
          20 + rand() * 18,
          ['#ffb703', '#fb8500', '#8ecae6'][i]!,
          rand() < 0.5,
          0.9,
        ),
      ).join('');
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="url(#tank)" stroke="#9fb3c8" stroke-width="8"/>${fishes}<rect x="${x}" y="${y}" width="${w}" height="26" fill="#cfe8ff" opacity="0.35"/>`;
    })
    .join('');
  const pipes = `<path d="M0 130 H1600 M380 130 V240 M890 130 V200 M1320 130 V280" stroke="#56606b" stroke-width="26" fill="none"/><path d="M0 130 H1600" stroke="#7d8893" stroke-width="8" fill="none"/>`;
  const defs = `<defs>${linear('room', [
    [0, '#1c2530'],
    [1, '#0c1117'],
  ])}${linear('tank', [
    [0, '#2bb3d9'],
    [1, '#0b4463'],
  ])}</defs>`;
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#room)"/>${pipes}${tanks}<rect y="720" width="1600" height="180" fill="#111820"/><circle cx="1040" cy="560" r="34" fill="#06090d"/><path d="M990 900 L996 640 Q1040 590 1084 640 L1090 900 Z" fill="#06090d"/><rect x="1070" y="650" width="120" height="16" rx="8" fill="#06090d" transform="rotate(-30 1070 650)"/>`,
  );
}

export function turtle(width: number, height: number) {
  const defs = `<defs>${linear('water', [
    [0, '#0f6e94'],
    [1, '#04263d'],
  ])}${radial(
    'shell',
    [
      [0, '#9bd17a'],
      [1, '#2f6b35'],
    ],
    0.4,
    0.4,
    0.7,
  )}</defs>`;
  const hexes = [
    [760, 420],
    [840, 420],
    [720, 480],
    [800, 480],
    [880, 480],
    [760, 540],
    [840, 540],
  ]
    .map(
      ([x, y]) =>
        `<polygon points="${x! - 30},${y} ${x! - 15},${y! - 26} ${x! + 15},${y! - 26} ${x! + 30},${y} ${x! + 15},${y! + 26} ${x! - 15},${y! + 26}" fill="none" stroke="#1e4a23" stroke-width="5"/>`,
    )
    .join('');
  return svgDoc(
    width,
    height,
    `${defs}<rect width="1600" height="900" fill="url(#water)"/>${rays()}<ellipse cx="1010" cy="470" rx="70" ry="50" fill="#7fb069"/><circle cx="1040" cy="455" r="8" fill="#0b1d2b"/><ellipse cx="650" cy="380" rx="120" ry="36" fill="#6a994e" transform="rotate(-35 650 380)"/><ellipse cx="950" cy="590" rx="110" ry="32" fill="#6a994e" transform="rotate(30 950 590)"/><ellipse cx="660" cy="600" rx="80" ry="26" fill="#6a994e" transform="rotate(30 660 600)"/><ellipse cx="800" cy="480" rx="190" ry="130" fill="url(#shell)"/>${hexes}${bubbles(seeded(5), 40)}`,
  );
}
