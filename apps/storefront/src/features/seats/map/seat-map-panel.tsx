import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { JSX } from 'react';
import type { Seat, SeatMap } from '@admit/contracts/seat-map';
import { SEAT_MAP_ZOOM_IN, SEAT_MAP_ZOOM_OUT } from '@admit/contracts/constants';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { GroupFilters } from '@/features/seats/map/group-filters';
import { MapBackground } from '@/features/seats/map/map-background';
import { groupColor, SEAT_MAP_COLORS } from '@/features/seats/map/seat-colors';
import { SeatLayer } from '@/features/seats/map/seat-layer';
import type { SeatCells, SeatView } from '@/features/seats/map/seat-cells';
import { SeatLegend } from '@/features/seats/map/seat-legend';
import { SEAT_MAP_STRINGS } from '@/features/seats/map/seat-map-strings';
import { indexSeats } from '@/features/seats/map/seat-rows';
import { useSeatKeys } from '@/features/seats/map/use-seat-keys';
import { usePanZoom } from '@/features/seats/map/use-pan-zoom';
import styles from '@/features/seats/map/seat-map.module.css';

export interface SeatMapGroup {
  id: string;
  name: string;
  color: number | null;
}

export interface SeatMapPanelProps {
  map: SeatMap;
  seats: readonly Seat[];
  /** seated groups of the session, palette colour by `color` */
  groups: readonly SeatMapGroup[];
  /** seat ids chosen */
  selected: ReadonlySet<string>;
  /**
   * the accessible name of a seat, e.g. "Row F, seat 12, Adult £25, available". Keep it stable
   * (useCallback): a new function re-labels all seats.
   */
  seatLabel: (seat: Seat, state: 'available' | 'booked' | 'unavailable' | 'selected') => string;
  /** a click, Enter or Space on any seat, sold-out ones included: the caller decides and says why */
  onToggle: (seatId: string) => void;
  /** text for the polite live region */
  announcement?: string;
}

/**
 * The seat map panel (shopping §2 "Seat map", §4 "Seat states", §9; issue #24): filters, zoom
 * buttons, the map and its legend. Presentational: the selection lives with the caller.
 */
export function SeatMapPanel(props: SeatMapPanelProps): JSX.Element {
  const { map, seats, groups, selected, seatLabel, onToggle, announcement } = props;
  const text = useStrings(SEAT_MAP_STRINGS);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<SVGGElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const index = useMemo(() => indexSeats(seats), [seats]);
  const panZoom = usePanZoom(svgRef, viewRef, layerRef, map.width, map.height);

  const colours = useMemo(
    () => groups.map((group, position) => ({ ...group, color: groupColor(group.color, position) })),
    [groups],
  );

  // what a refresh of seat states cannot change apart from the state: groups and colour
  const seatGroups = useMemo(() => {
    const colourOf = new Map(colours.map((group) => [group.id, group.color]));
    return new Map(
      seats.map((seat) => {
        const ids = seat.ticket_groups.split(',').map((id) => id.trim());
        const color = ids.map((id) => colourOf.get(id)).find(Boolean);
        return [seat.id, { ids, color: color ?? SEAT_MAP_COLORS.unavailableStroke }];
      }),
    );
  }, [seats, colours]);

  const views = useMemo(() => {
    const result = new Map<string, SeatView>();
    for (const seat of seats) {
      const { ids, color } = seatGroups.get(seat.id)!;
      const look = selected.has(seat.id) ? 'selected' : seat.state;
      result.set(seat.id, {
        seat,
        look,
        color,
        dimmed: shown.size > 0 && !ids.some((id) => shown.has(id)),
      });
    }
    return result;
  }, [seats, seatGroups, selected, shown]);

  const cells = useRef<SeatCells | null>(null);
  const keys = useSeatKeys({ index, selected, cells, panZoom, onToggle });
  const rowLabel = useCallback(
    (section: string, row: string) => text('seat_map.row', { section, row }),
    [text],
  );
  const helpId = useId();

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <GroupFilters
          label={text('seat_map.filters')}
          groups={colours}
          shown={shown}
          onChange={(id, pressed) =>
            setShown((current) => {
              const next = new Set(current);
              if (pressed) next.add(id);
              else next.delete(id);
              return next;
            })
          }
        />
        <div role="group" aria-label={text('seat_map.zoom')} className={styles.zoom}>
          <Button variant="secondary" onClick={() => panZoom.zoomBy(SEAT_MAP_ZOOM_IN)}>
            {text('seat_map.zoom_in')}
          </Button>
          <Button variant="secondary" onClick={() => panZoom.zoomBy(SEAT_MAP_ZOOM_OUT)}>
            {text('seat_map.zoom_out')}
          </Button>
          <Button variant="secondary" onClick={panZoom.reset}>
            {text('seat_map.zoom_reset')}
          </Button>
        </div>
      </div>
      <p id={helpId} className="visually-hidden">
        {text('seat_map.help')}
      </p>
      {/*
        role="grid" over rows of seats, with a roving tabindex (real focus on one seat), not
        aria-activedescendant: NVDA and JAWS switch to focus mode in a grid, so the arrow keys reach
        the map, and every screen reader (VoiceOver included, whose activedescendant support inside
        SVG is unreliable) reads a really focused element's name. One Tab stop for the whole map.
      */}
      {/* the frame clips and takes the gestures; the layer inside it is what a gesture moves */}
      <div className={styles.viewport} {...panZoom.pointerHandlers}>
        <div ref={layerRef} className={styles.gestureLayer}>
          <svg
            ref={svgRef}
            role="grid"
            aria-label={text('seat_map.label')}
            aria-describedby={helpId}
            aria-multiselectable="true"
            viewBox={`0 0 ${map.width} ${map.height}`}
            className={styles.map}
            onClick={(event) => {
              // a seat is chosen on the map as drawn: a gesture still previewing is committed first
              panZoom.settle();
              if (panZoom.consumeDrag()) return;
              keys.onSeatClick(event.target);
            }}
            onKeyDown={(event) => {
              panZoom.settle();
              keys.onKeyDown(event);
            }}
            onFocus={keys.onFocus}
          >
            <rect
              width={map.width}
              height={map.height}
              fill={SEAT_MAP_COLORS.ground}
              aria-hidden="true"
            />
            <g ref={viewRef} className={styles.view} data-scale="1">
              <MapBackground markup={map.other_elements ?? ''} />
              <g aria-hidden="true">
                {map.map_geometry?.sections.map((section) => (
                  <text
                    key={section.name}
                    x={section.x}
                    y={section.y}
                    className={styles.sectionLabel}
                  >
                    {section.name}
                  </text>
                ))}
              </g>
              <SeatLayer
                index={index}
                views={views}
                activeId={keys.activeId}
                seatLabel={seatLabel}
                rowLabel={rowLabel}
                cells={cells}
              />
              {keys.active && (
                // wider than the selected seat's ring, with a white gap, so focus never reads as selection
                <g className={styles.focusRing}>
                  <circle
                    cx={keys.active.x}
                    cy={keys.active.y}
                    r={keys.active.r * 1.55}
                    fill="none"
                    stroke={SEAT_MAP_COLORS.ground}
                    strokeWidth={keys.active.r * 0.3}
                  />
                  <circle
                    cx={keys.active.x}
                    cy={keys.active.y}
                    r={keys.active.r * 1.85}
                    fill="none"
                    stroke={SEAT_MAP_COLORS.focus}
                    strokeWidth={keys.active.r * 0.35}
                  />
                </g>
              )}
            </g>
          </svg>
        </div>
      </div>
      <SeatLegend title={text('seat_map.legend')} text={(look) => text(`seat_map.${look}`)} />
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}
