import { useCallback } from 'react';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { advertisedPrice } from '@admit/contracts/rules/advertised-price';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import { useSellerConfig } from '@/config/seller-config';

/** What the shown price of a ticket needs: its outside fees (the API's ticket type). */
export type FeesOf = Pick<TicketType, 'outside_fees'>;

/**
 * The price of one ticket as every step before checkout shows it (decision 0048): `amount` (the
 * type's price at the session, a wire decimal) with the fees the seller's `all_in_prices`
 * includes, in minor units. The one storefront reader of the setting.
 */
export function useShownPriceMinor() {
  const { all_in_prices: allIn } = useSellerConfig();
  return useCallback(
    (amount: string, type: FeesOf) =>
      advertisedPrice(decimalToMinor(amount), storedFeesOf(type.outside_fees), allIn),
    [allIn],
  );
}

/** As `useShownPriceMinor`, as a wire decimal ("27.00") for `<Price>` and `formatMoney`. */
export function useShownPrice() {
  const minor = useShownPriceMinor();
  return useCallback(
    (amount: string, type: FeesOf) => minorToDecimal(minor(amount, type)),
    [minor],
  );
}
