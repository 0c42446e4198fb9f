import { useCallback, useEffect, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import {
  gestureTransform,
  IDENTITY,
  panBy,
  panIntoView,
  toCss,
  zoomAt,
} from '@/features/seats/map/view-transform';
import type { Extent, ViewTransform } from '@/features/seats/map/view-transform';

/** A press that moves less than this (px) is a click on a seat, not a drag. */
const DRAG_THRESHOLD_PX = 4;
/** Wheel zoom: a factor of 2 per this many pixels of wheel travel (smooth on touchpads). */
const WHEEL_PIXELS_PER_DOUBLING = 400;
/**
 * A wheel or pinch zoom is drawn by the compositor (the gesture layer's CSS transform) and
 * committed to the map once no input came for this long: one redraw of the seats per gesture.
 */
export const GESTURE_SETTLE_MS = 120;

interface Point {
  x: number;
  y: number;
}

/**
 * Pan and zoom of the map: the view lives in a ref and is written straight to one <g>'s CSS
 * transform, so dragging, pinching and wheeling never re-render React and never touch the seats.
 * The element's box is read once per gesture (and on resize), never after a write: no layout
 * thrash in a pointer move.
 *
 * A wheel or pinch changes the scale every frame, and a new scale of the <g> repaints every seat
 * (about 10 ms of main thread for 5,000). So those gestures only preview: `layerRef`, an HTML
 * box around the <svg> promoted to its own compositor layer (will-change), takes a CSS transform
 * the GPU applies to the map as last painted, and the real view is committed to the <g> once the
 * gesture settles (GESTURE_SETTLE_MS without input), or at once before anything else reads or
 * changes it (a drag, a key, a click, a button, a resize).
 */
export function usePanZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  viewRef: RefObject<SVGGElement | null>,
  layerRef: RefObject<HTMLElement | null>,
  width: number,
  height: number,
) {
  /** the view as the visitor sees it */
  const view = useRef<ViewTransform>(IDENTITY);
  /** the view drawn by the <g>; differs from `view` only while a gesture previews */
  const committed = useRef<ViewTransform>(IDENTITY);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const box = useRef<DOMRect | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const dragged = useRef(false);
  const start = useRef<Point | null>(null);

  const apply = useCallback(
    (next: ViewTransform) => {
      if (settleTimer.current !== null) clearTimeout(settleTimer.current);
      settleTimer.current = null;
      view.current = next;
      committed.current = next;
      const group = viewRef.current;
      if (!group) return;
      group.style.transform = toCss(next);
      group.setAttribute('data-scale', String(next.scale));
      if (layerRef.current) layerRef.current.style.transform = '';
    },
    [viewRef, layerRef],
  );

  /** Commits a previewed gesture now (no-op when none is pending). */
  const settle = useCallback(() => {
    if (settleTimer.current !== null) apply(view.current);
  }, [apply]);

  // the box is read without the gesture layer's transform: a preview is committed first
  const measure = useCallback(() => {
    settle();
    box.current = svgRef.current?.getBoundingClientRect() ?? null;
  }, [svgRef, settle]);

  const extent = useCallback((): Extent => {
    const rect = box.current;
    // the viewBox is fitted ("meet"): the larger of the two ratios is the one in effect
    const unitsPerPixel =
      rect && rect.width > 0 && rect.height > 0
        ? Math.max(width / rect.width, height / rect.height)
        : 1;
    return { width, height, unitsPerPixel };
  }, [width, height]);

  /** A client point in viewBox units. */
  const toViewBox = useCallback(
    (clientX: number, clientY: number): Point => {
      const rect = box.current;
      if (!rect || rect.width === 0) return { x: width / 2, y: height / 2 };
      const units = extent().unitsPerPixel;
      return {
        x: (clientX - rect.left) * units - (rect.width * units - width) / 2,
        y: (clientY - rect.top) * units - (rect.height * units - height) / 2,
      };
    },
    [extent, width, height],
  );

  /** Shows `next` through the gesture layer only, and commits it once input stops. */
  const preview = useCallback(
    (next: ViewTransform) => {
      const layer = layerRef.current;
      const rect = box.current;
      if (!layer || !rect || rect.width === 0) return apply(next);
      view.current = next;
      const units = extent().unitsPerPixel;
      const offset = {
        x: (rect.width * units - width) / 2,
        y: (rect.height * units - height) / 2,
      };
      layer.style.transform = toCss(gestureTransform(committed.current, next, units, offset));
      if (settleTimer.current !== null) clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => apply(view.current), GESTURE_SETTLE_MS);
    },
    [layerRef, apply, extent, width, height],
  );

  const zoomBy = useCallback(
    (factor: number, at?: Point) => {
      const point = at ?? { x: width / 2, y: height / 2 };
      apply(zoomAt(view.current, factor, point.x, point.y, extent()));
    },
    [apply, extent, width, height],
  );

  /** Zoom about a map point (a seat), keeping it where it is on screen. */
  const zoomAtMapPoint = useCallback(
    (factor: number, x: number, y: number) => {
      const { scale, x: tx, y: ty } = view.current;
      zoomBy(factor, { x: scale * x + tx, y: scale * y + ty });
    },
    [zoomBy],
  );

  const reset = useCallback(() => apply(IDENTITY), [apply]);

  const showCircle = useCallback(
    (x: number, y: number, r: number) => apply(panIntoView(view.current, x, y, r, extent())),
    [apply, extent],
  );

  useEffect(() => {
    const svg = svgRef.current;
    // the wheel is heard on the layer's frame, not the <svg>: a preview that shrinks the map
    // keeps zooming wherever the pointer is over the frame
    const frame = layerRef.current?.parentElement;
    if (!svg || !frame) return;
    // the observer's first report measures the box once the first frame has laid the map out;
    // reading it here, during the mount, forced a layout of the whole page before any paint
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(svg);
    else measure();
    // native and non-passive: the wheel over the map zooms it instead of scrolling the page
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      const at = toViewBox(event.clientX, event.clientY);
      preview(
        zoomAt(view.current, 2 ** (-pixels / WHEEL_PIXELS_PER_DOUBLING), at.x, at.y, extent()),
      );
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer?.disconnect();
      frame.removeEventListener('wheel', onWheel);
      if (settleTimer.current !== null) clearTimeout(settleTimer.current);
    };
  }, [svgRef, layerRef, measure, preview, extent, toViewBox]);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      if (pointers.current.size === 0) {
        measure();
        dragged.current = false;
        start.current = { x: event.clientX, y: event.clientY };
      }
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    },
    [measure],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const previous = pointers.current.get(event.pointerId);
      if (!previous) return;
      const current = { x: event.clientX, y: event.clientY };
      const units = extent().unitsPerPixel;
      if (pointers.current.size === 1) {
        const origin = start.current ?? previous;
        if (!dragged.current) {
          if (Math.hypot(current.x - origin.x, current.y - origin.y) < DRAG_THRESHOLD_PX) return;
          // captured only once it is a drag, so a plain click still lands on its seat
          dragged.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        pointers.current.set(event.pointerId, current);
        apply(
          panBy(
            view.current,
            (current.x - previous.x) * units,
            (current.y - previous.y) * units,
            extent(),
          ),
        );
        return;
      }
      // pinch: the two fingers' distance scales, their midpoint pans
      const other = [...pointers.current].find(([id]) => id !== event.pointerId)?.[1];
      pointers.current.set(event.pointerId, current);
      if (!other) return;
      dragged.current = true;
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      const midBefore = toViewBox((previous.x + other.x) / 2, (previous.y + other.y) / 2);
      const midAfter = toViewBox((current.x + other.x) / 2, (current.y + other.y) / 2);
      const zoomed = zoomAt(
        view.current,
        before > 0 ? after / before : 1,
        midBefore.x,
        midBefore.y,
        extent(),
      );
      preview(panBy(zoomed, midAfter.x - midBefore.x, midAfter.y - midBefore.y, extent()));
    },
    [apply, preview, extent, toViewBox],
  );

  const onPointerEnd = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
  }, []);

  /** True once for the click that ends a drag or pinch: it must not toggle a seat. */
  const consumeDrag = useCallback(() => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  }, []);

  return {
    zoomBy,
    zoomAtMapPoint,
    reset,
    showCircle,
    consumeDrag,
    settle,
    scale: () => view.current.scale,
    pointerHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
