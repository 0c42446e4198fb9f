/**
 * Small SVG helpers for the generated demo art. Scenes are drawn on a 1600x900 canvas and
 * rendered at any size with `slice`, so the 800x600 profile is a centred crop of the cover.
 */

export const SCENE_W = 1600;
export const SCENE_H = 900;

export type Stop = [offset: number, color: string, opacity?: number];

export function svgDoc(
  width: number,
  height: number,
  inner: string,
  viewBox = `0 0 ${SCENE_W} ${SCENE_H}`,
) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${inner}</svg>`;
}

function stops(list: Stop[]) {
  return list
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join('');
}

/** A linear gradient, top to bottom unless the vector is given (0..1 units). */
export function linear(id: string, list: Stop[], [x1, y1, x2, y2] = [0, 0, 0, 1]) {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

export function radial(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5) {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

export const blur = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

const r1 = (n: number) => Math.round(n * 10) / 10;

export function starfield(rand: () => number, count: number, maxY = SCENE_H) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const size = rand() < 0.08 ? 2.6 : 0.6 + rand() * 1.4;
    out += `<circle cx="${r1(rand() * SCENE_W)}" cy="${r1(rand() * maxY)}" r="${r1(size)}" fill="#fff" opacity="${r1(0.35 + rand() * 0.65)}"/>`;
  }
  return out;
}

/** A visitor seen from behind: head and shoulders, for gallery and stage scenes. */
export function person(x: number, baseY: number, scale: number, fill: string) {
  const h = 180 * scale;
  return `<g fill="${fill}"><circle cx="${x}" cy="${r1(baseY - h)}" r="${r1(17 * scale)}"/><path d="M${r1(x - 34 * scale)} ${baseY} L${r1(x - 30 * scale)} ${r1(baseY - h + 62 * scale)} Q${x} ${r1(baseY - h + 14 * scale)} ${r1(x + 30 * scale)} ${r1(baseY - h + 62 * scale)} L${r1(x + 34 * scale)} ${baseY} Z"/></g>`;
}

/** A fish silhouette facing right (or left), body plus tail. */
export function fish(
  x: number,
  y: number,
  size: number,
  fill: string,
  facingLeft = false,
  opacity = 1,
) {
  const t = facingLeft ? ` transform="translate(${r1(2 * x)} 0) scale(-1 1)"` : '';
  return `<g${t} fill="${fill}" opacity="${opacity}"><ellipse cx="${x}" cy="${y}" rx="${r1(size)}" ry="${r1(size * 0.42)}"/><path d="M${r1(x - size * 0.85)} ${y} L${r1(x - size * 1.5)} ${r1(y - size * 0.45)} L${r1(x - size * 1.35)} ${y} L${r1(x - size * 1.5)} ${r1(y + size * 0.45)} Z"/><circle cx="${r1(x + size * 0.55)}" cy="${r1(y - size * 0.08)}" r="${r1(size * 0.07)}" fill="#0b1d2b"/></g>`;
}

/** A rounded "card" with a ribbon, used for gift card and membership art. */
export function card(x: number, y: number, w: number, h: number, fill: string, inner = '') {
  return `<g><rect x="${x + 14}" y="${y + 22}" width="${w}" height="${h}" rx="34" fill="#000" opacity="0.28"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="34" fill="${fill}"/>${inner}</g>`;
}

export function escapeXml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
