import {
  SEAT_MAP_PAN_MARGIN_PX,
  SEAT_MAP_ZOOM_MAX,
  SEAT_MAP_ZOOM_MIN,
} from '@admit/contracts/constants';

/**
 * The map's pan and zoom as one affine step, in map units: a map point p is drawn at
 * `scale * p + (x, y)` inside the viewBox (0 0 width height). Pure, so the clamps are tested
 * without a browser.
 */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

export interface Extent {
  width: number;
  height: number;
  /** map units per screen pixel (the viewBox is scaled to fit the element) */
  unitsPerPixel: number;
}

export const IDENTITY: ViewTransform = { scale: 1, x: 0, y: 0 };

export function clampScale(scale: number): number {
  return Math.min(SEAT_MAP_ZOOM_MAX, Math.max(SEAT_MAP_ZOOM_MIN, scale));
}

/**
 * spec: shopping §9 — pan margin 50 px. The view may show at most 50 screen pixels of empty
 * ground beyond any edge of the map (d3-zoom's translate extent with padding), so the map can
 * never be dragged away.
 */
export function clampPan(view: ViewTransform, extent: Extent): ViewTransform {
  const margin = SEAT_MAP_PAN_MARGIN_PX * extent.unitsPerPixel;
  const clampAxis = (offset: number, size: number) => {
    const low = size - view.scale * size - margin;
    return Math.min(margin, Math.max(low, offset));
  };
  return {
    scale: view.scale,
    x: clampAxis(view.x, extent.width),
    y: clampAxis(view.y, extent.height),
  };
}

/** Zooms by `factor` keeping the view point (px, py) (map units of the viewBox) still. */
export function zoomAt(
  view: ViewTransform,
  factor: number,
  px: number,
  py: number,
  extent: Extent,
): ViewTransform {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return clampPan({ scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio }, extent);
}

export function panBy(view: ViewTransform, dx: number, dy: number, extent: Extent): ViewTransform {
  return clampPan({ scale: view.scale, x: view.x + dx, y: view.y + dy }, extent);
}

/**
 * Pans the least needed so that the circle (cx, cy, r) sits inside the view with the pan margin
 * around it: the keyboard's focused seat is always on screen.
 */
export function panIntoView(
  view: ViewTransform,
  cx: number,
  cy: number,
  r: number,
  extent: Extent,
): ViewTransform {
  const margin = SEAT_MAP_PAN_MARGIN_PX * extent.unitsPerPixel;
  const shift = (centre: number, offset: number, size: number) => {
    const low = view.scale * (centre - r) + offset;
    const high = view.scale * (centre + r) + offset;
    if (low < margin) return offset + (margin - low);
    if (high > size - margin) return offset - (high - (size - margin));
    return offset;
  };
  return clampPan(
    {
      scale: view.scale,
      x: shift(cx, view.x, extent.width),
      y: shift(cy, view.y, extent.height),
    },
    extent,
  );
}

/** The CSS transform of the view group (SVG user units are CSS px inside the viewBox). */
export function toCss(view: ViewTransform): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/**
 * The gesture layer's CSS transform (px, origin at the map element's top-left corner) that shows
 * `to` while the map is still drawn at `from`: the compositor moves the painted map instead of
 * redrawing 5,000 seats per frame. A viewBox point v drawn at (v + offset) / unitsPerPixel on
 * screen moves by the ratio of the two views, so scale k = to / from and the translate follows.
 * `offset` is the viewBox's letterbox ("meet") in map units, on each axis.
 */
export function gestureTransform(
  from: ViewTransform,
  to: ViewTransform,
  unitsPerPixel: number,
  offset: { x: number; y: number },
): ViewTransform {
  const k = to.scale / from.scale;
  const shift = (target: number, source: number, letterbox: number) =>
    (target - k * source + letterbox * (1 - k)) / unitsPerPixel;
  return { scale: k, x: shift(to.x, from.x, offset.x), y: shift(to.y, from.y, offset.y) };
}
