import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { toReserveFailure } from '@/features/reserve/model/reserve-errors';

const apiError = (code: string, description = 'From the API.', status = 409) =>
  new ApiError(status, code, 'reserve', description, null);

describe('reserve errors (shopping §8)', () => {
  it('leaves the sold-out session to the flow', () => {
    expect(toReserveFailure(apiError('event_session_sold_out'))).toEqual({
      kind: 'session_sold_out',
      description: 'From the API.',
    });
  });

  it.each([
    'max_tickets_per_order_exceeded',
    'min_tickets_per_order_not_met',
    'member_limit_exceeded',
    'ticket_group_capacity_exceeded',
    'ticket_group_sold_out',
    'session_capacity_exceeded',
  ])('shows %s inline with the API description', (code) => {
    expect(toReserveFailure(apiError(code))).toEqual({
      kind: 'inline',
      code,
      description: 'From the API.',
      extra: null,
    });
  });

  it('offers any other described 4xx error as a retry dialog', () => {
    expect(toReserveFailure(apiError('cart_expired', 'Your cart has expired.', 410))).toEqual({
      kind: 'dialog',
      code: 'cart_expired',
      description: 'Your cart has expired.',
    });
  });

  it('rethrows code_not_found as the generic message, never a dialog', () => {
    expect(toReserveFailure(apiError('code_not_found', 'No such code.', 404))).toEqual({
      kind: 'generic',
    });
  });

  it('falls back to the generic message for anything else', () => {
    expect(toReserveFailure(apiError('internal_error', 'Boom', 500))).toEqual({ kind: 'generic' });
    expect(toReserveFailure(apiError('validation_failed', ''))).toEqual({ kind: 'generic' });
    expect(toReserveFailure(apiError('ticket_group_sold_out', ''))).toEqual({ kind: 'generic' });
    expect(toReserveFailure(new TypeError('network'))).toEqual({ kind: 'generic' });
  });
});
