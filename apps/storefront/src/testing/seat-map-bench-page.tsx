import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Seat } from '@admit/contracts/seat-map';
import { SellerConfigProvider } from '@/config/seller-config';
import { SeatMapPanel } from '@/features/seats/map/seat-map-panel';
import type { SeatMapGroup } from '@/features/seats/map/seat-map-panel';
import { makeSellerConfig } from '@/testing/seller-config';
import { makeSyntheticSeatMap } from '@/testing/synthetic-seat-map';
import '@/ui/styles/global.css';

/**
 * The page bench/seat-map.ts loads in Chromium (built by Vite in production mode, never part of
 * the app): the seat map panel with a 5,000-seat hall, and the hooks the benchmark drives.
 */
const SECTIONS = ['A', 'B', 'C', 'D', 'E'];
const GROUPS: SeatMapGroup[] = SECTIONS.map((name, color) => ({ id: `g${name}`, name, color }));
const hall = makeSyntheticSeatMap({
  sections: SECTIONS,
  rows: 40,
  seatsPerRow: 25,
  groups: GROUPS.map((group) => group.id),
  stateOf: (section, row, seat) =>
    (section + row * 7 + seat * 3) % 11 === 0
      ? 'booked'
      : (row + seat) % 29 === 0
        ? 'unavailable'
        : 'available',
});

// one config object, as the app has: a new one per render would re-label every seat
const config = makeSellerConfig();
let toggle: (id: string) => void = () => {};

function Bench() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  toggle = (id) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const seatLabel = useCallback(
    (seat: Seat, state: string) =>
      `Section ${seat.section}, row ${seat.row}, seat ${seat.seat}, ${state}`,
    [],
  );
  return (
    <SellerConfigProvider config={config}>
      <main style={{ width: 1200, margin: '0 auto' }}>
        <SeatMapPanel
          map={hall.map}
          seats={hall.seats}
          groups={GROUPS}
          selected={selected}
          seatLabel={seatLabel}
          onToggle={(id) => toggle(id)}
        />
      </main>
    </SellerConfigProvider>
  );
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

declare global {
  interface Window {
    seatBench: {
      seats: number;
      /** React render and commit of the panel, then the first frame after it */
      mount: () => Promise<{ commitMs: number; firstFrameMs: number }>;
      /**
       * after mount: when every seat's grid cell was in the DOM (they are built in tasks after the
       * first frame), and the longest frame interval while they were being built
       */
      gridComplete: () => Promise<GridFrames>;
      /** one seat's selection changed: the commit */
      toggleOne: (id: string) => number;
      gesture: (kind: 'pan' | 'wheel' | 'pinch', frames: number) => Promise<number[]>;
    };
  }
}

interface GridFrames {
  gridMs: number;
  longestFrameMs: number;
  /**
   * the first of those frames: it also waits for the raster and draw of the painted frame's
   * pixels (the whole map, the first time), which the cells do not cause
   */
  firstFrameMs: number;
  /** the longest of the frames after it */
  laterLongestFrameMs: number;
}
let grid: Promise<GridFrames> | null = null;

/**
 * Watches every frame from `start` until all grid cells exist. A 1 px box on its own layer moves
 * every frame meanwhile: Chromium runs without its frame-rate cap only for frames that draw
 * something, and a batch of grid cells draws nothing (they are transparent), so without it every
 * such frame waited for the next 60 Hz tick, and an interval read 16.7 ms (or 33, 50, 67) whatever
 * the frame cost. With it a frame interval is what the frame cost, as in the gestures.
 */
async function watchGrid(start: number, from: number): Promise<GridFrames> {
  let longestFrameMs = 0;
  let firstFrameMs = 0;
  let laterLongestFrameMs = 0;
  let last = from;
  const marker = document.createElement('div');
  marker.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;will-change:transform';
  document.body.append(marker);
  for (let n = 0; document.querySelectorAll('[role="gridcell"]').length < hall.seats.length; n++) {
    marker.style.transform = `translateX(${n % 2}px)`;
    const now = await nextFrame();
    longestFrameMs = Math.max(longestFrameMs, now - last);
    if (n === 0) {
      firstFrameMs = now - last;
      // bench/seat-map.ts splits its phase trace here: the first frame, and the rest
      performance.mark('seat-bench:second-frame');
    } else laterLongestFrameMs = Math.max(laterLongestFrameMs, now - last);
    last = now;
  }
  marker.remove();
  return { gridMs: performance.now() - start, longestFrameMs, firstFrameMs, laterLongestFrameMs };
}

window.seatBench = {
  seats: hall.seats.length,
  async mount() {
    const start = performance.now();
    const root = createRoot(document.getElementById('root')!);
    flushSync(() => root.render(<Bench />));
    const commitMs = performance.now() - start;
    await nextFrame();
    // the frame after the one in which the seats were committed has painted them: its start
    // time (the callback's timestamp) is when they were on screen. Read the clock later, in this
    // callback, and it would also count the work of that second frame's other callbacks (the first
    // grid cells are written there, after the seats are shown).
    const painted = await nextFrame();
    // bench/seat-map.ts counts the cells' CPU from here, in this frame's task
    performance.mark('seat-bench:painted');
    grid = watchGrid(start, painted);
    return { commitMs, firstFrameMs: painted - start };
  },
  /**
   * One gesture for `frames` frames through the real handlers (pointer and wheel events on the
   * <svg>), one input per animation frame; returns the intervals between frames.
   */
  async gesture(kind, frames) {
    // each gesture from the whole map (the previous one left it zoomed): "Reset zoom", then a
    // frame for the reset to be drawn
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Reset zoom')!.click();
    await nextFrame();
    await nextFrame();
    const svg = document.querySelector('svg[role="grid"]')!;
    const box = svg.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const pointer = (type: string, id: number, x: number, y: number) =>
      svg.dispatchEvent(
        new PointerEvent(type, {
          pointerId: id,
          clientX: x,
          clientY: y,
          button: 0,
          bubbles: true,
          isPrimary: id === 1,
        }),
      );
    const wheel = (deltaY: number, x: number) =>
      svg.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY,
          clientX: x,
          clientY: cy,
          bubbles: true,
          cancelable: true,
        }),
      );
    // pan and pinch start zoomed in, so they move the map rather than meet the margin at once
    if (kind !== 'wheel') wheel(-800, cx);
    // the wheel starts just above ×1 and swings in (to about ×6) and back: never meeting the 1–8
    // clamp, where a wheel changes nothing and the frame shows only the display's idle tick
    else wheel(-55, cx);
    pointer('pointerdown', 1, cx, cy);
    if (kind === 'pinch') pointer('pointerdown', 2, cx + 100, cy);
    const times: number[] = [await nextFrame()];
    for (let i = 1; i <= frames; i += 1) {
      const swing = Math.sin(i / 10);
      if (kind === 'pan') pointer('pointermove', 1, cx + swing * 300, cy + swing * 120);
      else if (kind === 'pinch') pointer('pointermove', 2, cx + 100 + swing * 80, cy + swing * 20);
      else wheel(-swing * 50, cx + swing * 200);
      times.push(await nextFrame());
    }
    pointer('pointerup', 1, cx, cy);
    if (kind === 'pinch') pointer('pointerup', 2, cx, cy);
    return times.slice(1).map((time, i) => time - times[i]!);
  },
  gridComplete() {
    return grid ?? Promise.reject(new Error('mount first'));
  },
  toggleOne(id) {
    const start = performance.now();
    flushSync(() => toggle(id));
    return performance.now() - start;
  },
};
