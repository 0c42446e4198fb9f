import { describe, expect, it } from 'vitest';
import { decimalToMinor } from '@admit/contracts/money';
import {
  ADULT,
  CHILD,
  makeSession,
  timedTypes,
} from '@/features/reserve/flows/date-first/date-first-test-kit';
import { withShownPrices } from '@/features/reserve/model/shown-session-prices';

const late = makeSession(2, '2026-11-26T22:30:00Z');
const row = (typeId: string, amount: string) => ({
  id: `${late.id}:${typeId}`,
  event_session_id: late.id,
  ticket_type_id: typeId,
  currency_amount: amount,
});
const schedule = [row(ADULT, '29.00'), row(CHILD, '15.00')];
// a shown price of face + 2.00 (a fixed fee included)
const plusTwo = (amount: string) => decimalToMinor(amount) + 200;

describe('withShownPrices (decision 0048)', () => {
  it("prices each session over its schedule's shown prices", () => {
    const [shown] = withShownPrices([late], schedule, timedTypes, plusTwo);
    expect(shown).toMatchObject({ price: '17.00', minPrice: '17.00', maxPrice: '31.00' });
  });

  it('keeps a session without schedule rows as the server priced it', () => {
    const [shown] = withShownPrices([late], [], timedTypes, plusTwo);
    expect(shown).toBe(late);
  });
});
