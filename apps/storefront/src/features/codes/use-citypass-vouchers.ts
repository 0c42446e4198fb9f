import { useCallback, useMemo, useState } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import type { ApplyCodeBody } from '@admit/contracts/codes';
import { useSellerConfig } from '@/config/seller-config';
import type { ApiError } from '@/api/client';
import type { CodesStringKey } from '@/features/codes/strings';
import { cleanVoucher } from '@admit/contracts/rules/citypass';
import { serverVoucherError, voucherError, voucherTickets } from '@/features/codes/model/citypass';

/**
 * The state of the CityPASS voucher fields of the promo code form: offered when the seller
 * configures `citypass_code_groups`; a checkbox enables them (shopping §5, identity §5). The
 * fields check that a voucher is there; its format is the server's answer (`showServerError`).
 */
export function useCitypassVouchers(bundle: CartBundle) {
  const config = useSellerConfig();
  const groupCount = Object.keys(config.citypass_code_groups).length;
  const tickets = useMemo(() => voucherTickets(bundle), [bundle]);
  const [enabled, setEnabled] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, CodesStringKey>>({});

  /** Checks every field; false (with the errors shown) when one is missing. */
  const validate = useCallback((): boolean => {
    if (!enabled) return true;
    const next: Record<string, CodesStringKey> = {};
    for (const ticket of tickets) {
      const error = voucherError(values[ticket.id] ?? '');
      if (error) next[ticket.id] = error;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  }, [enabled, tickets, values]);

  /** Puts the server's answer about one voucher under its field; false when it names none. */
  const showServerError = useCallback(
    (failure: ApiError): boolean => {
      if (!enabled) return false;
      const shown = serverVoucherError(
        failure,
        values,
        tickets.map((t) => t.id),
      );
      if (!shown) return false;
      setErrors({ [shown.ticketId]: shown.error });
      return true;
    },
    [enabled, tickets, values],
  );

  /** The body's `vouchers`, one per ticket; undefined while the checkbox is off. */
  const vouchers = useCallback(
    (): ApplyCodeBody['vouchers'] =>
      enabled
        ? tickets.map((t) => ({ ticket_id: t.id, voucher: cleanVoucher(values[t.id] ?? '') }))
        : undefined,
    [enabled, tickets, values],
  );

  return {
    offered: groupCount > 0 && tickets.length > 0,
    enabled,
    setEnabled,
    tickets,
    values,
    setValue: (ticketId: string, value: string) =>
      setValues((current) => ({ ...current, [ticketId]: value })),
    errors,
    validate,
    showServerError,
    vouchers,
  };
}

export type CitypassVouchers = ReturnType<typeof useCitypassVouchers>;
