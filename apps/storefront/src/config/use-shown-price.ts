import { useCallback } from 'react';
import { decimalToMinor, formatMoney, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { advertisedPrice } from '@admit/contracts/rules/advertised-price';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import {
  displayedPrices,
  isRangePrice,
  prefixedPrice,
  pricesShownOn,
  type PriceDisplay,
  type PriceSurface,
} from '@admit/contracts/rules/price-display';
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

/**
 * What a session's price reads under the event's `web.price_display` (shopping §3; decision
 * 0063): "Adults $27.00 · Children $14.00", each type at `shownAmountOf` (its price at the
 * session, as shown); null when the setting names no type the session sells, so the caller
 * shows its default. The one storefront reader of the setting's prices.
 */
export function useDisplayedPriceLabel() {
  const { currency, locale } = useSellerConfig();
  return useCallback(
    <T extends { id: string; name: string }>(
      display: PriceDisplay,
      types: readonly T[],
      shownAmountOf: (type: T) => string | undefined,
    ): string | null => {
      const prices = displayedPrices(display, types, shownAmountOf);
      if (prices.length === 0) return null;
      return prices
        .map(({ prefix, amount }) => prefixedPrice(prefix, formatMoney(amount, currency, locale)))
        .join(' · ');
    },
    [currency, locale],
  );
}

/**
 * Does the seller's price display setting (shopping §9, decision 0081) show prices on `surface`?
 * The one storefront reader of the setting.
 */
export function usePricesShown(surface: PriceSurface): boolean {
  return pricesShownOn(useSellerConfig().price_display, surface);
}

/**
 * The event's `web.price_display` line where a list of ticket types stands for the event — the
 * listing card (`summary`), the single-event form's ticket panel and the seat selector
 * (`tickets`; decision 0075): each named type at `amountOf` (a wire decimal before fees; default
 * its `currency_amount`) as shown, all in as the seller's prices are, through
 * `useDisplayedPriceLabel`. A range price is left out (shopping §9: "range prices hide it").
 * Null when the setting names no type the list has, or the seller's price display setting hides
 * prices on `surface` (decision 0081).
 */
export function useTypesPriceLine(surface: PriceSurface) {
  const displayedLabel = useDisplayedPriceLabel();
  const shown = useShownPrice();
  const surfaceShown = usePricesShown(surface);
  return useCallback(
    (
      display: PriceDisplay,
      types: readonly TicketType[],
      amountOf: (type: TicketType) => string = (type) => type.currency_amount,
    ): string | null =>
      surfaceShown
        ? displayedLabel(display, types, (type) =>
            isRangePrice(type) ? undefined : shown(amountOf(type), type),
          )
        : null,
    [displayedLabel, shown, surfaceShown],
  );
}
