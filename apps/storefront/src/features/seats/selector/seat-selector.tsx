import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { TicketType } from '@admit/contracts/resources';
import type { Seat } from '@admit/contracts/seat-map';
import { formatMoney } from '@admit/contracts/money';
import type { PriceDisplay } from '@admit/contracts/rules/price-display';
import { useSellerConfig } from '@/config/seller-config';
import { useShownPrice, useTypesPriceLine } from '@/config/use-shown-price';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { SEATS_STRINGS } from '@/features/seats/strings';
import type { SeatIssue } from '@/features/seats/model/seat-assignment';
import { isSeatedGroup, seatIssue, totalRequired } from '@/features/seats/model/seat-assignment';
import type { SeatsText } from '@/features/seats/model/seat-labels';
import { seatLabel, typeOfSeat } from '@/features/seats/model/seat-labels';
import type { SeatView } from '@/features/seats/model/seat-selection';
// STAND-IN until B1's features/seats/map/seat-map-panel.tsx lands (same props)
import { SeatMapPanel } from '@/features/seats/map/seat-map-panel';
import type { SeatSelectorInput, SelectorPhase } from '@/features/seats/selector/use-seat-selector';
import { useSeatSelector } from '@/features/seats/selector/use-seat-selector';
import { BestAvailableList } from '@/features/seats/selector/best-available-list';
import { SelectedSeats } from '@/features/seats/selector/selected-seats';
import styles from '@/features/seats/selector/seat-selector.module.css';

export interface SeatSelectorProps extends SeatSelectorInput {
  /** the id of Find Seats (or Change Selected Seats), focused when seats block a submit */
  controlId: string;
  /** a submit was refused for seats: show the §5 message */
  showIssue: boolean;
  /** the event's `web.price_display` (shopping §3): the open map shows its line (decision 0075) */
  priceDisplay?: PriceDisplay;
}

function issueText(t: SeatsText, issue: SeatIssue): string {
  if (issue.kind === 'find_seats') return t('seats.click_find_seats');
  return t(issue.kind === 'not_enough' ? 'seats.not_enough' : 'seats.too_many', {
    type: issue.typeName,
  });
}

function usePriceOf() {
  const { currency, locale } = useSellerConfig();
  const shown = useShownPrice();
  // decision 0048: the seat's price as the steppers show it, with the fees an all-in seller adds
  return useCallback(
    (type: TicketType) => formatMoney(shown(type.currency_amount, type), currency, locale),
    [currency, locale, shown],
  );
}

const HEADING_ID = 'seats-heading';

/**
 * Focus follows the selector (WCAG 2.4.3, the control that was pressed goes away): into the
 * map's heading when it opens, back to Find Seats / Change Selected Seats when it closes.
 */
function useFocusFollowsPhase(phase: SelectorPhase, controlId: string) {
  const previous = useRef(phase);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase;
    if (before === phase) return;
    if (phase === 'open') document.getElementById(HEADING_ID)?.focus();
    if (phase === 'closed') document.getElementById(controlId)?.focus();
  }, [phase, controlId]);
}

/**
 * The seat selector of a reserve form (spec: shopping §2 "Seat map", §4 "Seat selector": closed,
 * rendering, open): "Find Seats" opens the map and the best-available list, "Confirm Selection"
 * closes it when every group has its seats, then "Selected Seats" with "Change Selected Seats".
 */
export function SeatSelector(props: SeatSelectorProps) {
  const { groups, quantities, controlId, showIssue, priceDisplay } = props;
  const t = useStrings(SEATS_STRINGS);
  const priceOf = usePriceOf();
  const typesPriceLine = useTypesPriceLine('tickets');
  const state = useSeatSelector(props);
  useFocusFollowsPhase(state.phase, controlId);
  const { index, required, selection, tickets } = state;
  const messageId = `${controlId}-message`;
  const seatGroups = useMemo(
    () =>
      groups.filter(isSeatedGroup).map(({ ticketGroup }) => ({
        id: ticketGroup.id,
        name: ticketGroup.name,
        color: ticketGroup.color,
      })),
    [groups],
  );
  const labelOf = useCallback(
    (seat: Seat, view: SeatView) =>
      seatLabel(t, seat, view, typeOfSeat(index, groups, quantities, tickets, seat), priceOf),
    [t, index, groups, quantities, tickets, priceOf],
  );
  const selected = useMemo(() => new Set(selection.map((pick) => pick.seatId)), [selection]);
  const shownIssue = showIssue && state.issue ? issueText(t, state.issue) : null;
  const issueMessage = shownIssue && (
    <p id={messageId} role="alert" className={styles.error}>
      {shownIssue}
    </p>
  );

  if (state.phase === 'rendering') return <Loader label={t('seats.loading')} />;
  if (state.phase === 'open' && state.map) {
    const confirmIssue = seatIssue(groups, quantities, selection, true);
    // decision 0075: the seated types at this session's price, as the event's setting reads them
    const priceLine = priceDisplay
      ? typesPriceLine(
          priceDisplay,
          groups.filter(isSeatedGroup).flatMap(({ ticketTypes }) => ticketTypes),
        )
      : null;
    return (
      <section aria-labelledby={HEADING_ID} className={styles.section}>
        <h3 id={HEADING_ID} tabIndex={-1} className={styles.heading}>
          {t('seats.heading')}
        </h3>
        {priceLine && <p className={styles.priceLine}>{priceLine}</p>}
        {priceLine && priceDisplay?.message && (
          <p className={styles.muted}>{priceDisplay.message}</p>
        )}
        {state.takenNames.length > 0 && (
          <p role="alert" className={styles.alert}>
            {t('seats.taken', { seats: state.takenNames.join(', ') })}
          </p>
        )}
        <p className={styles.muted}>
          {t('seats.progress', { count: selection.length, total: totalRequired(required) })}
        </p>
        <SeatMapPanel
          map={state.map}
          seats={state.shownSeats}
          groups={seatGroups}
          selected={selected}
          seatLabel={labelOf}
          onToggle={state.toggle}
          announcement={state.announcement}
        />
        <BestAvailableList
          seats={state.seats}
          index={index}
          required={required}
          selection={selection}
          onTake={state.takeSelection}
        />
        {state.invalid && confirmIssue && (
          <p id="seats-confirm-message" role="alert" className={styles.error}>
            {issueText(t, confirmIssue)}
          </p>
        )}
        <Button
          aria-describedby={state.invalid ? 'seats-confirm-message' : undefined}
          onClick={state.confirm}
        >
          {t('seats.confirm')}
        </Button>
      </section>
    );
  }
  if (state.confirmed && tickets.length > 0) {
    return (
      <>
        <SelectedSeats
          index={index}
          groups={groups}
          tickets={tickets}
          controlId={controlId}
          describedBy={shownIssue ? messageId : undefined}
          onChange={state.open}
        />
        {issueMessage}
      </>
    );
  }
  // spec: shopping §4 — "Find Seats" is enabled once a seated quantity is chosen
  const canOpen = required.size > 0;
  return (
    <div className={styles.section}>
      <Button
        id={controlId}
        variant="secondary"
        aria-disabled={canOpen ? undefined : 'true'}
        aria-describedby={shownIssue ? messageId : undefined}
        onClick={() => canOpen && state.open()}
      >
        {t('seats.find_seats')}
      </Button>
      {issueMessage}
    </div>
  );
}
