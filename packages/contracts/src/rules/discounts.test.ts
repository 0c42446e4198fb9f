import { describe, expect, it } from 'vitest';
import { TICKET_GROUP_HANDLERS } from '../resources';
import { codeMayDiscount } from './discounts';

describe('codeMayDiscount (decision 0047)', () => {
  it('lets a code on every ticket discount tickets, passes and seated tickets only', () => {
    const discounted = TICKET_GROUP_HANDLERS.filter((h) => codeMayDiscount(null, h));
    expect(discounted).toEqual(['tickets', 'passes', 'seated']);
    expect(codeMayDiscount(null, null)).toBe(false);
  });

  it('lets a code naming a type, group or event discount whatever it names', () => {
    for (const handler of TICKET_GROUP_HANDLERS) {
      expect(codeMayDiscount('ticket_type', handler)).toBe(true);
    }
  });
});
