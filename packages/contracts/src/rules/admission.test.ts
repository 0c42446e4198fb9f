import { describe, expect, it } from 'vitest';
import { TICKET_GROUP_HANDLERS } from '../resources';
import { grantsEntry, notAnAdmissionReason } from './admission';

describe('grantsEntry: only admissions open the door', () => {
  it('admits tickets, passes, seats and memberships and nothing else', () => {
    const admitted = TICKET_GROUP_HANDLERS.filter((h) => grantsEntry(h));
    expect(admitted).toEqual(['tickets', 'passes', 'seated', 'membership']);
    expect(grantsEntry(null)).toBe(false);
    expect(grantsEntry('unknown')).toBe(false);
  });
  it('names why a purchase is refused', () => {
    expect(notAnAdmissionReason('donation')).toBe('A donation is not an admission');
    expect(notAnAdmissionReason('ledger')).toBe('A gift card is not an admission');
  });
});
