import type {
  ReserveMode,
  ReserveQuery,
  ReserveQueryProblem,
} from '@/features/reserve/model/reserve-query';
import { resolveQuantityRequests } from '@/features/reserve/model/reserve-query';
import type { Quantities, StepperGroup } from '@/features/reserve/model/stepper-rules';
import { setQuantity } from '@/features/reserve/model/stepper-rules';

/**
 * What the reserve flows share when they apply the reserve query parameters (spec: shopping §5
 * "Reserve query parameters", §8 "Query parameter messages"); see decision 0009.
 */

/** The string key of each §8 query-parameter message (texts in the date-first strings). */
export const QUERY_MESSAGE_KEYS = {
  session_date_conflict: 'reserve.query_conflict',
  unavailable_on_date: 'reserve.query_unavailable_on_date',
  session_unavailable: 'reserve.query_session_unavailable',
  session_not_found: 'reserve.query_session_not_found',
  ticket_types_not_found: 'reserve.query_ticket_types_not_found',
  unavailable: 'reserve.query_unavailable',
} as const satisfies Record<ReserveQueryProblem, string>;

/** Requested quantities within the stepper caps; `short` when any had to be lowered. */
export function clampRequested(
  groups: readonly StepperGroup[],
  requested: Record<string, number>,
  sessionAvailableCapacity: number | null,
) {
  const quantities: Record<string, number> = {};
  let short = false;
  for (const [typeId, count] of Object.entries(requested)) {
    const value = setQuantity({ groups, sessionAvailableCapacity, quantities }, typeId, count);
    if (value !== count) short = true;
    if (value > 0) quantities[typeId] = value;
  }
  return { quantities, short };
}

/** The requested quantities matched to the groups' types and clamped, with what went wrong. */
export function resolveQueryQuantities(
  query: Pick<ReserveQuery, 'quantities' | 'selectTypeId'>,
  groups: readonly (StepperGroup & { ticketTypes: { id: string; name: string }[] })[],
  sessionAvailableCapacity: number | null,
): { quantities: Quantities; problem: ReserveQueryProblem | null } {
  const types = groups.flatMap((group) => group.ticketTypes);
  const resolved = resolveQuantityRequests(query.quantities, query.selectTypeId, types);
  const { quantities, short } = clampRequested(
    groups,
    resolved.quantities,
    sessionAvailableCapacity,
  );
  const problem: ReserveQueryProblem | null = resolved.unmatched.length
    ? 'ticket_types_not_found'
    : short
      ? 'unavailable'
      : null;
  return { quantities, problem };
}

/**
 * The reserve mode's verdict once quantities are resolved: `preselect` whether the quantities go
 * into the form (strict keeps nothing unless everything matched), `reserve` whether to reserve at
 * once (true: with any ticket; warn/strict: only when everything matched).
 */
export function reserveModeVerdict(
  mode: ReserveMode,
  { complete, hasTickets }: { complete: boolean; hasTickets: boolean },
) {
  const preselect = mode !== 'strict' || complete;
  const reserve = hasTickets && (mode === 'true' || (mode !== 'false' && complete));
  return { preselect, reserve };
}
