import { randomInt } from 'node:crypto';
import type { LedgerCard } from '@admit/contracts/codes';
import { minorToDecimal } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { drawBalance, insertCard, selectCardByNumber, type LedgerCardRow } from './repo';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

// spec: shopping §8 "Gift card" and §5 "Gift card input"
export const giftCardNotFound = () => new AppError('not_found', 'ledger', 'Gift card not found');
export const giftCardEmpty = () =>
  new AppError(
    'validation_failed',
    'ledger',
    'Gift Card balance is $0',
    { field: 'ledger_number' },
    422,
  );
export const giftCardAlreadyApplied = () =>
  new AppError('duplicate_code', 'ledger', 'Oops! You already applied this gift card');

// no 0/O or 1/I: a number read aloud or retyped from paper stays unambiguous
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/**
 * 16 characters from 32 symbols, from the crypto RNG: 80 bits. A number is all it takes to
 * spend a card, so it must not be guessable even before the lookup limits (decision 0046).
 */
export const LEDGER_NUMBER_LENGTH = 16;

export function newLedgerNumber(): string {
  let out = '';
  for (let i = 0; i < LEDGER_NUMBER_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function toLedgerContract(row: LedgerCardRow): LedgerCard {
  return {
    number: row.number,
    balance: minorToDecimal(row.balance),
    currency_code: row.currency,
    state: row.state,
  };
}

/** GET ledger/ledger/{number}: the card, or 404 "Gift card not found". */
export async function lookupCard(db: Executor, sellerId: string, number: string) {
  const row = await selectCardByNumber(db, sellerId, number);
  if (!row) throw giftCardNotFound();
  return row;
}

/**
 * Draws up to `wanted` from a card (partially if the balance is short): min(balance, wanted),
 * by a conditional update retried on a concurrent draw. 422 when the card holds nothing.
 */
export async function drawFromCard(
  db: Executor,
  sellerId: string,
  number: string,
  wanted: number,
  currency: string,
): Promise<{ card: LedgerCardRow; drawn: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const card = await lookupCard(db, sellerId, number);
    if (card.state !== 'active' || card.balance <= 0 || card.currency !== currency) {
      throw giftCardEmpty();
    }
    const drawn = Math.min(card.balance, wanted);
    const after = await drawBalance(db, card.id, drawn);
    if (after) return { card: after, drawn };
  }
  throw new AppError('conflict', 'ledger', 'The gift card is busy; please try again');
}

/** Issues a gift card of `balance` for a sold gift-card ticket (handler `ledger`). */
export async function issueCard(
  db: Executor,
  input: { sellerId: string; balance: number; currency: string; ticketId: string },
): Promise<LedgerCardRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertCard(db, { ...input, number: newLedgerNumber() });
    if (row) return row;
  }
  throw new Error('could not draw a free gift card number');
}
