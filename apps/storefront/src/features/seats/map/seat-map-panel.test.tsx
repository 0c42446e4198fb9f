import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Seat } from '@admit/contracts/seat-map';
import { SellerConfigProvider } from '@/config/seller-config';
import { SeatMapPanel } from '@/features/seats/map/seat-map-panel';
import { discPath } from '@/features/seats/map/seat-paint';
import { GESTURE_SETTLE_MS } from '@/features/seats/map/use-pan-zoom';
import type { SeatMapGroup } from '@/features/seats/map/seat-map-panel';
import { makeSellerConfig } from '@/testing/seller-config';
import { makeSyntheticSeatMap } from '@/testing/synthetic-seat-map';

const GROUPS: SeatMapGroup[] = [
  { id: 'stalls', name: 'Stalls £25', color: 0 },
  { id: 'circle', name: 'Circle £15', color: 3 },
];

/** Two sections side by side, rows A–C of 5; Stalls B3 sold out, Circle A1 unavailable. */
function hall() {
  return makeSyntheticSeatMap({
    sections: ['Stalls', 'Circle'],
    groups: ['stalls', 'circle'],
    stateOf: (section, row, seat) =>
      section === 0 && row === 1 && seat === 2
        ? 'booked'
        : section === 1 && row === 0 && seat === 0
          ? 'unavailable'
          : 'available',
  });
}

/** The panel as a caller uses it: the selection toggles on onToggle and is announced. */
function Harness({
  onToggle,
  map,
}: {
  onToggle: (id: string) => void;
  map: ReturnType<typeof hall>;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const seatLabel = useCallback(
    (seat: Seat, state: string) => `${seat.section}, row ${seat.row}, seat ${seat.seat}, ${state}`,
    [],
  );
  return (
    <SeatMapPanel
      map={map.map}
      seats={map.seats}
      groups={GROUPS}
      selected={selected}
      seatLabel={seatLabel}
      announcement={announcement}
      onToggle={(id) => {
        onToggle(id);
        setSelected((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          setAnnouncement(`${next.size} seats selected`);
          return next;
        });
      }}
    />
  );
}

function renderPanel(map = hall()) {
  const onToggle = vi.fn();
  const view = render(
    <SellerConfigProvider config={makeSellerConfig()}>
      <Harness onToggle={onToggle} map={map} />
    </SellerConfigProvider>,
  );
  return { user: userEvent.setup(), onToggle, ...view };
}

const grid = () => screen.getByRole('grid', { name: 'Seat map' });
const seat = (name: string) => screen.getByRole('gridcell', { name });
/** The path that paints a seat's disc (seat-paint.ts): the cell itself is a transparent hit area. */
function paintOf(name: string): SVGPathElement {
  const cell = seat(name);
  const [x, y, r] = ['cx', 'cy', 'r'].map((key) => Number(cell.getAttribute(key)));
  const disc = discPath(x!, y!, r!);
  const paths = [...grid().querySelectorAll<SVGPathElement>('path')].filter((path) =>
    (path.getAttribute('d') ?? '').includes(disc),
  );
  expect(paths).toHaveLength(1);
  return paths[0]!;
}
const scale = () => Number(grid().querySelector('[data-scale]')!.getAttribute('data-scale'));

describe('SeatMapPanel', () => {
  it('draws every seat as a named cell in its row, with one Tab stop and the legend', () => {
    renderPanel();
    expect(screen.getAllByRole('gridcell')).toHaveLength(30);
    const rowB = screen.getByRole('row', { name: 'Stalls, row B' });
    expect(within(rowB).getAllByRole('gridcell')).toHaveLength(5);
    expect(seat('Stalls, row B, seat 3, booked')).toHaveAttribute('aria-disabled', 'true');
    expect(seat('Circle, row A, seat 1, unavailable')).toHaveAttribute('aria-disabled', 'true');
    expect(seat('Stalls, row A, seat 1, available')).not.toHaveAttribute('aria-disabled');
    expect(
      screen.getAllByRole('gridcell').filter((cell) => cell.getAttribute('tabindex') === '0'),
    ).toEqual([seat('Stalls, row A, seat 1, available')]);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Available', 'Sold out', 'Unavailable', 'Selected']);
  });

  it('colours seats by their group from the palette and dims other groups under a filter', async () => {
    const { user } = renderPanel();
    expect(paintOf('Stalls, row A, seat 1, available')).toHaveAttribute('fill', '#1f5fa8');
    expect(paintOf('Circle, row A, seat 2, available')).toHaveAttribute('fill', '#b91c1c');
    const circle = screen.getByRole('button', { name: 'Circle £15' });
    expect(circle).toHaveAttribute('aria-pressed', 'false');
    await user.click(circle);
    expect(circle).toHaveAttribute('aria-pressed', 'true');
    expect(paintOf('Stalls, row A, seat 1, available').getAttribute('class')).toMatch(/dim/);
    expect(paintOf('Circle, row A, seat 2, available').getAttribute('class') ?? '').not.toMatch(
      /dim/,
    );
    await user.click(circle);
    expect(circle).toHaveAttribute('aria-pressed', 'false');
    expect(paintOf('Stalls, row A, seat 1, available').getAttribute('class') ?? '').not.toMatch(
      /dim/,
    );
  });

  it('travels by keyboard along a row, to its ends and between rows', async () => {
    const { user } = renderPanel();
    await user.tab(); // the first filter button
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(seat('Stalls, row A, seat 1, available')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(seat('Stalls, row A, seat 3, available')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    // booked seats are focusable, so a keyboard user hears what is taken
    expect(seat('Stalls, row B, seat 3, booked')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(seat('Stalls, row C, seat 2, available')).toHaveFocus();
    await user.keyboard('{End}');
    expect(seat('Stalls, row C, seat 5, available')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(seat('Stalls, row C, seat 5, available')).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}{ArrowUp}');
    expect(seat('Stalls, row A, seat 1, available')).toHaveFocus();
    // the roving Tab stop follows the focus, so Tab leaves and Shift+Tab comes back here
    expect(seat('Stalls, row A, seat 1, available')).toHaveAttribute('tabindex', '0');
    expect(seat('Stalls, row A, seat 3, available')).toHaveAttribute('tabindex', '-1');
  });

  it('toggles the focused seat with Enter and Space, and announces politely', async () => {
    const { user, onToggle } = renderPanel();
    seat('Stalls, row A, seat 1, available').focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onToggle).toHaveBeenLastCalledWith('Stalls-A-2');
    expect(seat('Stalls, row A, seat 2, selected')).toHaveAttribute('aria-selected', 'true');
    expect(seat('Stalls, row A, seat 2, selected')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('1 seats selected');
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(2);
    expect(seat('Stalls, row A, seat 2, available')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('0 seats selected');
  });

  it('toggles a clicked seat through the one delegated handler', async () => {
    const { user, onToggle } = renderPanel();
    await user.click(seat('Circle, row C, seat 4, available'));
    expect(onToggle).toHaveBeenCalledWith('Circle-C-4');
    expect(seat('Circle, row C, seat 4, selected')).toHaveFocus();
  });

  it('zooms with + and - and the buttons, ×2 in and ×0.75 out, within 1 to 8', async () => {
    const { user } = renderPanel();
    seat('Stalls, row A, seat 1, available').focus();
    await user.keyboard('+');
    expect(scale()).toBe(2);
    await user.keyboard('-');
    expect(scale()).toBe(1.5);
    await user.keyboard('++++');
    expect(scale()).toBe(8);
    await user.keyboard('{-}'.repeat(12));
    expect(scale()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scale()).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(scale()).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(scale()).toBe(1);
    expect(grid().querySelector('[data-scale]')).toHaveStyle({
      transform: 'translate(0px, 0px) scale(1)',
    });
  });

  it('zooms with the wheel, drags to pan within the 50 px margin, and a drag is no click', () => {
    // jsdom has no PointerEvent: a mouse event carrying a pointer id stands in for it
    vi.stubGlobal(
      'PointerEvent',
      class extends MouseEvent {
        pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 0;
        }
      },
    );
    const { onToggle } = renderPanel();
    const view = () => grid().querySelector<SVGGElement>('[data-scale]')!;
    fireEvent.wheel(grid(), { deltaY: -400 });
    expect(scale()).toBe(2);
    fireEvent.wheel(grid(), { deltaY: -4000 });
    expect(scale()).toBe(8);
    fireEvent.wheel(grid(), { deltaY: 4000 });
    expect(scale()).toBe(1);
    // jsdom has no layout, so one map unit is one pixel here: at ×1 the map moves 50 at most
    const target = seat('Stalls, row A, seat 1, available');
    fireEvent.pointerDown(target, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(target, { pointerId: 1, clientX: 400, clientY: 130 });
    expect(view().style.transform).toBe('translate(50px, 30px) scale(1)');
    fireEvent.pointerUp(target, { pointerId: 1, clientX: 400, clientY: 130 });
    fireEvent.click(target);
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.click(target);
    expect(onToggle).toHaveBeenCalledWith('Stalls-A-1');
  });

  it('previews a wheel zoom on the gesture layer and commits it once, when the gesture settles', () => {
    vi.useFakeTimers();
    const map = hall();
    // the map laid out at one pixel per map unit (jsdom has no layout of its own)
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, 0, map.map.width, map.map.height),
    );
    try {
      renderPanel(map);
      const view = grid().querySelector<SVGGElement>('[data-scale]')!;
      const layer = grid().parentElement!;
      const at = { clientX: 0, clientY: 0 };
      fireEvent.wheel(grid(), { deltaY: -400, ...at });
      fireEvent.wheel(grid(), { deltaY: -400, ...at });
      // two wheel events: the compositor's layer moved, the seats' <g> was not written
      expect(layer.style.transform).toBe('translate(0px, 0px) scale(4)');
      expect(view.style.transform).toBe('');
      expect(scale()).toBe(1);
      vi.advanceTimersByTime(GESTURE_SETTLE_MS - 1);
      expect(scale()).toBe(1);
      vi.advanceTimersByTime(1);
      // settled: ×2 per 400 px of wheel (SEAT_MAP_ZOOM_IN), committed once, the layer reset
      expect(scale()).toBe(4);
      expect(view.style.transform).toBe('translate(0px, 0px) scale(4)');
      expect(layer.style.transform).toBe('');

      // past the maximum, the preview stops at ×8 (shopping §9 zoom 1–8)
      fireEvent.wheel(grid(), { deltaY: -4000, ...at });
      expect(layer.style.transform).toBe('translate(0px, 0px) scale(2)');
      expect(scale()).toBe(4);
      // a button press mid-gesture commits the preview first, then zooms out ×0.75 from ×8
      fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
      expect(scale()).toBe(6);
      expect(layer.style.transform).toBe('');
      vi.advanceTimersByTime(GESTURE_SETTLE_MS);
      expect(scale()).toBe(6);

      // a click on a seat while a preview is pending commits it before the seat is toggled
      fireEvent.wheel(grid(), { deltaY: 400, ...at });
      expect(scale()).toBe(6);
      fireEvent.click(seat('Stalls, row A, seat 1, available'));
      expect(scale()).toBe(3);
      expect(layer.style.transform).toBe('');
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('draws the background markup through DOMPurify, keeping its shapes', () => {
    const map = hall();
    map.map.other_elements =
      '<rect id="stage" width="10" height="10"/><script>alert(1)</script><circle id="pillar" r="3" onclick="alert(2)"/>';
    renderPanel(map);
    expect(grid().querySelector('#stage')).not.toBeNull();
    expect(grid().querySelector('#pillar')).not.toHaveAttribute('onclick');
    expect(grid().querySelector('script')).toBeNull();
    expect(screen.getByText('Stalls')).toBeInTheDocument();
  });

  it('has no serious or critical axe violations', async () => {
    const { container } = renderPanel();
    // jsdom has no layout: colour contrast is checked by the palette test instead
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
});
