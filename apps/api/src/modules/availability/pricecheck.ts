import type { z } from 'zod';
import type { pricecheckResponseSchema } from '@admit/contracts/availability';
import type { Db } from '@/db/connection';
import { resourceBody } from '@/http/wire';
import { toTicketType } from '@/modules/catalog/mappers';
import type { AvailabilityRequest } from './request';
import { loadScope } from './scope';
import { isGroupAvailable } from './status-rules';

/**
 * POST events/{id}/pricecheck (shopping §7): the requested types of this event with their
 * current price and whether they can be bought now (type available, group on sale and not sold
 * out). Types of other events, or of groups the visitor cannot see, are left out.
 */
export async function pricecheck(
  db: Db,
  request: AvailabilityRequest,
  eventId: string,
  typeIds: string[],
): Promise<z.input<typeof pricecheckResponseSchema>> {
  const scope = await loadScope(db, request, eventId);
  const wanted = new Set(typeIds.map((id) => id.toLowerCase()));
  const types = scope.types
    .filter((t) => wanted.has(t.id))
    .map((t) => {
      const group = scope.groupById.get(t.ticketGroupId);
      const available = t.available && group !== undefined && isGroupAvailable(group, request.now);
      return { ...toTicketType(t), available };
    });
  return resourceBody('ticket_type', { data: types, total: types.length });
}
