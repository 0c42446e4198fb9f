import { useMemo, useState } from 'react';
import type { EventDetail } from '@/api/events/event-detail';
import { takesCitypass } from '@/features/reserve/model/event-ecommerce';
import {
  citypassBody,
  citypassIssues,
  voucherFieldOf,
  voucherSlots,
  type CitypassEntry,
  type VoucherGroup,
} from '@/features/reserve/model/reserve-citypass';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

const OFF: CitypassEntry = { enabled: false, code: '', vouchers: {} };

/**
 * The CityPASS fields of a reserve form (model/reserve-citypass.ts; decision 0076): offered on
 * an event whose `web.ecommerce.citypass` is on, one voucher per ticket the steppers select.
 * The shared submit (use-submit-reservation.ts) checks them, sends them and puts the server's
 * answer about one voucher under its field.
 */
export function useReserveCitypass(
  event: EventDetail,
  groups: readonly VoucherGroup[] | null,
  quantities: Quantities,
) {
  const offered = takesCitypass(event);
  const [entry, setEntry] = useState<CitypassEntry>(OFF);
  const slots = useMemo(
    () => (offered && groups ? voucherSlots(groups, quantities) : []),
    [offered, groups, quantities],
  );
  return {
    offered,
    entry,
    slots,
    setEnabled: (enabled: boolean) => setEntry((current) => ({ ...current, enabled })),
    setCode: (code: string) => setEntry((current) => ({ ...current, code })),
    setVoucher: (fieldId: string, value: string) =>
      setEntry((current) => ({ ...current, vouchers: { ...current.vouchers, [fieldId]: value } })),
    issues: () => (offered ? citypassIssues(entry, slots) : []),
    body: () => (offered ? citypassBody(entry, slots) : undefined),
    fieldOf: (failure: { code: string; extra: Record<string, unknown> | null }) =>
      voucherFieldOf(failure, slots),
  };
}

export type ReserveCitypass = ReturnType<typeof useReserveCitypass>;
