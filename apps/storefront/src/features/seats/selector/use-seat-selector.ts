import { SEAT_MAP_OPEN_DELAY_MS } from '@admit/contracts/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Seat } from '@admit/contracts/seat-map';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import { seatMapQueryOptions } from '@/api/seats/get-seat-map';
import { useStrings } from '@/ui/text/use-strings';
import { SEATS_STRINGS } from '@/features/seats/strings';
import type { ChosenQuantities, SeatTicket } from '@/features/seats/model/seat-assignment';
import {
  assignTypes,
  requiredSeats,
  seatIssue,
  totalRequired,
} from '@/features/seats/model/seat-assignment';
import type { Selection } from '@/features/seats/model/seat-selection';
import {
  fitSelection,
  indexSeats,
  isComplete,
  seatView,
  toggleSeat,
} from '@/features/seats/model/seat-selection';
import { seatName, toggleAnnouncement } from '@/features/seats/model/seat-labels';

export type SelectorPhase = 'closed' | 'rendering' | 'open';

export interface SeatSelectorInput {
  eventId: string;
  sessionId: string;
  groups: readonly TicketGroupWithTypes[];
  quantities: ChosenQuantities;
  onReport: (report: { tickets: readonly SeatTicket[]; ready: boolean }) => void;
  onLoadError: () => void;
  taken: { seatTemplateIds: readonly string[]; seats: readonly string[] } | null;
}

const NO_SEATS: readonly Seat[] = [];

/**
 * The seat selector's state (spec: shopping §4 "Seat selector", "Seat states"): the phase, the
 * picks, confirmation, the live-region sentence and a lost race's message. The picks live here,
 * so they are cleared when the selector unmounts.
 */
export function useSeatSelector(input: SeatSelectorInput) {
  const { eventId, sessionId, groups, quantities, onReport, onLoadError, taken } = input;
  const t = useStrings(SEATS_STRINGS);
  const [phase, setPhase] = useState<SelectorPhase>('closed');
  const [wanted, setWanted] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [picks, setPicks] = useState<Selection>([]);
  const [announcement, setAnnouncement] = useState('');
  const [takenNames, setTakenNames] = useState<readonly string[]>([]);
  const query = useQuery({ ...seatMapQueryOptions(eventId, sessionId), enabled: wanted });
  const seats = query.data?.seat._data ?? NO_SEATS;
  const index = useMemo(() => indexSeats(seats), [seats]);
  const required = useMemo(() => requiredSeats(groups, quantities), [groups, quantities]);

  // changed quantities or a refreshed map: keep only the picks that still fit (fitting only drops)
  const selection = useMemo(
    () => (query.data ? fitSelection(index, required, picks) : picks),
    [query.data, index, required, picks],
  );
  useEffect(() => {
    if (selection.length !== picks.length) setPicks(selection);
  }, [selection, picks]);

  const tickets = useMemo(
    () => assignTypes(groups, quantities, selection),
    [groups, quantities, selection],
  );
  const issue = seatIssue(groups, quantities, selection, confirmed);
  const ready = issue === null;
  const report = useRef(onReport);
  report.current = onReport;
  useEffect(() => report.current({ tickets, ready }), [tickets, ready]);
  useEffect(() => () => report.current({ tickets: [], ready: false }), []);

  // rendering → open once the map is in hand, after the spec's delay
  const settled = query.isSuccess && !query.isFetching;
  useEffect(() => {
    if (phase !== 'rendering' || !settled) return;
    const timer = setTimeout(() => setPhase('open'), SEAT_MAP_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, settled]);
  // settled in error (not an earlier error being fetched again on a new opening)
  const failed = wanted && query.isError && !query.isFetching;
  const loadError = useRef(onLoadError);
  loadError.current = onLoadError;
  useEffect(() => {
    if (!failed) return;
    setPhase('closed');
    setWanted(false);
    loadError.current();
  }, [failed]);

  const { refetch } = query;
  const open = useCallback(() => {
    setWanted(true);
    setConfirmed(false);
    setInvalid(false);
    setPhase('rendering');
    // a reopening reads the seats afresh (the first opening fetches on enabling)
    if (query.data) void refetch();
  }, [query.data, refetch]);

  // a lost race: drop the seats taken, reload the map, reopen with their names
  const handledTaken = useRef<SeatSelectorInput['taken']>(null);
  useEffect(() => {
    if (!taken || handledTaken.current === taken) return;
    handledTaken.current = taken;
    setPicks((current) => current.filter((pick) => !taken.seatTemplateIds.includes(pick.seatId)));
    setTakenNames(taken.seats);
    setAnnouncement('');
    open();
  }, [taken, open]);

  const toggle = useCallback(
    (seatId: string) => {
      const result = toggleSeat(index, required, selection, seatId);
      setPicks(result.selection);
      setInvalid(false);
      setAnnouncement(toggleAnnouncement(t, index, result, seatId, totalRequired(required)));
    },
    [index, required, selection, t],
  );

  const takeSelection = useCallback(
    (next: Selection, added: readonly string[]) => {
      setPicks(next);
      setInvalid(false);
      const names = added.map((id) => index.byId.get(id)).filter((seat) => seat !== undefined);
      const key = names.length > 1 ? 'seats.announce_selected_many' : 'seats.announce_selected';
      setAnnouncement(
        t(key, {
          seats: names.map(seatName).join(', '),
          count: next.length,
          total: totalRequired(required),
        }),
      );
    },
    [index, required, t],
  );

  const confirm = useCallback(() => {
    // spec: shopping §4 — confirming with no valid selection raises invalid
    if (!isComplete(required, selection)) {
      setInvalid(true);
      return;
    }
    setConfirmed(true);
    setInvalid(false);
    setTakenNames([]);
    setPhase('closed');
  }, [required, selection]);

  // each seat as the map shows it: available seats of groups already full show unavailable
  const shownSeats = useMemo(
    () =>
      seats.map((seat) => {
        const view = seatView(index, seat, required, selection);
        return view === 'unavailable' && seat.state === 'available'
          ? { ...seat, state: 'unavailable' as const }
          : seat;
      }),
    [seats, index, required, selection],
  );

  return {
    phase,
    confirmed,
    invalid,
    issue,
    announcement,
    takenNames,
    map: query.data?.seat_map._data[0] ?? null,
    seats,
    shownSeats,
    index,
    required,
    selection,
    tickets,
    open,
    toggle,
    takeSelection,
    confirm,
  };
}
