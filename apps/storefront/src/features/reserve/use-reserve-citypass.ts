import { useMemo, useState } from 'react';
import { useCart } from '@/api/cart/get-cart';
import type { EventDetail } from '@/api/events/event-detail';
import { useSellerConfig } from '@/config/seller-config';
import { takesCitypass } from '@/features/reserve/model/event-ecommerce';
import {
  citypassBody,
  citypassIssues,
  holdsCitypassFor,
  voucherFieldOf,
  voucherSlots,
  type CitypassEntry,
  type VoucherGroup,
} from '@/features/reserve/model/reserve-citypass';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

const OFF: CitypassEntry = { enabled: false, code: '', vouchers: {} };

/**
 * The CityPASS fields of a reserve form (model/reserve-citypass.ts; decision 0076): offered on
 * an event whose `web.ecommerce.citypass` is on, one voucher per ticket the steppers select; on
 * a cart whose CityPASS code covers the event, always, without the checkbox or the code (0098).
 * The shared submit (use-submit-reservation.ts) checks them, sends them and puts the server's
 * answer about one voucher under its field.
 */
export function useReserveCitypass(
  event: EventDetail,
  groups: readonly VoucherGroup[] | null,
  quantities: Quantities,
) {
  const { bundle } = useCart();
  const config = useSellerConfig();
  // a cart whose CityPASS code covers this event: every ticket added brings its voucher, asked
  // whatever the event's flag (decision 0098)
  const held = useMemo(
    () =>
      holdsCitypassFor(bundle, config.citypass_code_groups, {
        id: event.template.id,
        types: event.ticketGroups.flatMap((g) =>
          g.ticketTypes.map((type) => ({ id: type.id, groupId: g.ticketGroup.id })),
        ),
      }),
    [bundle, config.citypass_code_groups, event],
  );
  const offered = held || takesCitypass(event);
  const [typed, setEntry] = useState<CitypassEntry>(OFF);
  const entry = held ? { ...typed, enabled: true } : typed;
  const slots = useMemo(
    () => (offered && groups ? voucherSlots(groups, quantities) : []),
    [offered, groups, quantities],
  );
  return {
    offered,
    held,
    entry,
    slots,
    setEnabled: (enabled: boolean) => setEntry((current) => ({ ...current, enabled })),
    setCode: (code: string) => setEntry((current) => ({ ...current, code })),
    setVoucher: (fieldId: string, value: string) =>
      setEntry((current) => ({ ...current, vouchers: { ...current.vouchers, [fieldId]: value } })),
    issues: () => (offered ? citypassIssues(entry, slots, held) : []),
    body: () => (offered ? citypassBody(entry, slots, held) : undefined),
    fieldOf: (failure: { code: string; extra: Record<string, unknown> | null }) =>
      voucherFieldOf(failure, slots),
  };
}

export type ReserveCitypass = ReturnType<typeof useReserveCitypass>;
