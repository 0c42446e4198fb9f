import type { Db } from '@/db/connection';
import * as codesTables from '@/db/schema/codes';
import { demoId } from './demo-ids';

/**
 * Gift cards a demo visitor can pay with (README "Demo gift cards"): one with a balance that
 * covers part of a typical order, so "gift card pays part, card pays the rest" can be tried,
 * and one with nothing left ("Gift Card balance is $0").
 */
export const DEMO_GIFT_CARDS: Record<string, { number: string; balance: number }[]> = {
  'demo-museum': [
    { number: 'GIFT-MUSEUM-2000', balance: 2000 },
    { number: 'GIFT-MUSEUM-EMPTY', balance: 0 },
  ],
  'harbour-aquarium': [
    { number: 'GIFT-HARBOUR-1500', balance: 1500 },
    { number: 'GIFT-HARBOUR-EMPTY', balance: 0 },
  ],
};

export async function writeDemoGiftCards(
  db: Pick<Db, 'insert'>,
  slug: string,
  currency: string,
): Promise<void> {
  const cards = DEMO_GIFT_CARDS[slug] ?? [];
  if (cards.length === 0) return;
  await db.insert(codesTables.ledgerCard).values(
    cards.map((c) => ({
      id: demoId(`${slug}/ledger_card/${c.number}`),
      sellerId: demoId(`${slug}/seller`),
      number: c.number,
      balance: c.balance,
      currency,
    })),
  );
}
