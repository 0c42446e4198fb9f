import { describe, expect, it } from 'vitest';
import {
  clampPan,
  clampScale,
  IDENTITY,
  panBy,
  panIntoView,
  zoomAt,
} from '@/features/seats/map/view-transform';

/** A 1000×500 map drawn at 500×250 px: 2 map units per pixel, so the 50 px margin is 100 units. */
const extent = { width: 1000, height: 500, unitsPerPixel: 2 };

describe('view transform (shopping §9)', () => {
  it('clamps the scale to 1..8', () => {
    expect(clampScale(0.5)).toBe(1);
    expect(clampScale(3)).toBe(3);
    expect(clampScale(16)).toBe(8);
  });

  it('zooms about a point, which stays where it was', () => {
    const zoomed = zoomAt(IDENTITY, 2, 400, 200, extent);
    expect(zoomed.scale).toBe(2);
    expect(zoomed.scale * 400 + zoomed.x).toBe(400);
    expect(zoomed.scale * 200 + zoomed.y).toBe(200);
    expect(zoomAt(zoomed, 8, 400, 200, extent).scale).toBe(8);
    expect(zoomAt(zoomed, 0.1, 400, 200, extent)).toEqual(IDENTITY);
  });

  it('keeps the map within a 50 px margin of the view', () => {
    expect(panBy(IDENTITY, 500, -500, extent)).toEqual({ scale: 1, x: 100, y: -100 });
    const big = { scale: 4, x: 0, y: 0 };
    // at ×4 the map is 4000 wide: the view may go to its right edge plus the margin, no further
    expect(clampPan({ ...big, x: -10_000 }, extent).x).toBe(1000 - 4000 - 100);
    expect(clampPan({ ...big, x: 10_000 }, extent).x).toBe(100);
  });

  it('pans the least needed to bring a seat into view with the margin', () => {
    const zoomed = { scale: 4, x: 0, y: 0 };
    const moved = panIntoView(zoomed, 900, 50, 10, extent);
    // the seat's right edge (4 × 910) lands 100 units (50 px) inside the view's right edge
    expect(4 * 910 + moved.x).toBe(900);
    expect(moved.y).toBe(0);
    expect(panIntoView(zoomed, 100, 50, 10, extent)).toEqual(zoomed);
  });
});
