import { useCallback, useState } from 'react';
import { seatsTakenExtraSchema } from '@admit/contracts/seat-map';
import type { InlineFailure, ReserveMessage } from '@/features/reserve/use-submit-reservation';
import type { SeatSelectionReport, SeatsTaken } from '@/features/reserve/seat-selector-slot';

const NOTHING_REPORTED: SeatSelectionReport = { tickets: [], ready: false };

/**
 * The form's side of the seat selector slot: the selector's last report, whether the §5 seat
 * message shows, a load failure sent to the general message (shopping §8), and a lost seat race
 * handed back to the selector (decision 0052: drop the seats, reload, reopen). The message and
 * a lost race belong to the session they arose at: a form whose session changes (date-first)
 * gives the next session's selector neither.
 */
export function useSeatSlot(
  submission: {
    setMessage: (message: ReserveMessage | null) => void;
    clearIssues: () => void;
  },
  sessionId: string | null,
) {
  const [report, setReport] = useState<SeatSelectionReport>(NOTHING_REPORTED);
  const [issueAt, setIssueAt] = useState<string | null>(null);
  const [taken, setTaken] = useState<{ sessionId: string; seats: SeatsTaken } | null>(null);
  const { setMessage, clearIssues } = submission;

  // spec: shopping §8 — "A seat-map load failure goes to a general handler": the generic text
  const onLoadError = useCallback(() => setMessage({ key: 'reserve.error_generic' }), [setMessage]);

  const onInlineFailure = useCallback(
    (failure: InlineFailure): ReserveMessage | null | undefined => {
      if (failure.code !== 'ticket_group_sold_out' || sessionId === null) return undefined;
      const extra = seatsTakenExtraSchema.safeParse(failure.extra);
      if (!extra.success || extra.data.seat_template_ids.length === 0) return undefined;
      setTaken({
        sessionId,
        seats: { seatTemplateIds: extra.data.seat_template_ids, seats: extra.data.seats },
      });
      // the reopened selector names the seats taken; the form shows nothing of its own
      return null;
    },
    [sessionId],
  );

  const setShowIssue = useCallback(
    (show: boolean) => setIssueAt(show ? sessionId : null),
    [sessionId],
  );

  /**
   * spec: shopping §5 — a seated group with tickets needs its full, confirmed seat set. True when
   * the submit stops here: the selector shows the message and its control takes the focus.
   */
  const stopsSubmit = useCallback(
    (seated: boolean, controlId: string) => {
      if (!seated || report.ready) {
        setIssueAt(null);
        return false;
      }
      setIssueAt(sessionId);
      clearIssues();
      document.getElementById(controlId)?.focus();
      return true;
    },
    [report.ready, sessionId, clearIssues],
  );

  return {
    report,
    stopsSubmit,
    setReport,
    showIssue: issueAt !== null && issueAt === sessionId,
    setShowIssue,
    taken: taken && taken.sessionId === sessionId ? taken.seats : null,
    onLoadError,
    onInlineFailure,
  };
}
