import { describe, expect, it } from 'vitest';
import { TICKET_GROUP_HANDLERS } from '../resources';
import { admitsByTicketCode, grantsEntry, notAnAdmissionReason } from './admission';

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
    expect(notAnAdmissionReason('membership', { gift: true })).toMatch(
      /^A gift of membership is not an admission/,
    );
  });
  it('lets a membership in by the member’s QR code only, never by its purchase code', () => {
    const byCode = TICKET_GROUP_HANDLERS.filter((h) => admitsByTicketCode(h));
    expect(byCode).toEqual(['tickets', 'passes', 'seated']);
  });
});
