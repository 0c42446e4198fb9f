import type { CartModifyBody } from '@admit/contracts/cart';
import type { TicketRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { AppError, validationFailed } from '@/http/app-error';
import type { TakenCode } from '@/modules/codes/apply';
import { citypassGroupOf } from '@/modules/codes/citypass';
import { addHeldCitypassVouchers } from '@/modules/codes/held-citypass';
import { readSellerSettings } from '@/modules/sellers/seller-settings';

/**
 * CityPASS given on a reserve form (shopping §5 "CityPASS codes", §3 `web.ecommerce.citypass`,
 * §8 "invalid_citypass and code_exhausted are shown as a CityPASS error"; decision 0076). The
 * body's code is taken with the modify's other codes; once the tickets are held, each new ticket
 * gets its voucher (the n-th voucher of a type, the n-th new ticket of that type) and the code's
 * settling checks them as apply_code does (`modules/codes/apply.ts` `settleCodes`); on a cart
 * that already holds its CityPASS code they join that code (decision 0098). A refusal
 * about a new ticket names its type and place (`ticket_type_id`, `voucher_index`), since the
 * ticket itself is rolled back with the modify: the form puts it under that voucher field.
 */

type Citypass = NonNullable<CartModifyBody['citypass']>;

const CONTEXT = 'reserve';

/** The vouchers of each type, in the order given. */
function vouchersByType(citypass: Citypass): Map<string, string[]> {
  const byType = new Map<string, string[]>();
  for (const v of citypass.vouchers) {
    const type = v.ticket_type_id.toLowerCase();
    byType.set(type, [...(byType.get(type) ?? []), v.voucher]);
  }
  return byType;
}

/** Where each new ticket's voucher came from: its type and its place among that type's. */
export type VoucherPlaces = Map<string, { ticket_type_id: string; voucher_index: number }>;

/**
 * After the hold, in the modify's transaction: one voucher per new ticket (the count of each
 * type must be the count of new tickets of that type). A code taken by this modify gets them,
 * for its settling to check (refused when it is not one of the seller's CityPASS codes); a code
 * the cart already holds, or none named, gives them to the cart's CityPASS code at once
 * (`addHeldCitypassVouchers`, decision 0098). Returns where each ticket's voucher came from.
 */
export async function attachReserveVouchers(
  tx: Executor,
  target: { sellerId: string; cartId: string },
  citypass: Citypass,
  taken: TakenCode[],
  held: TicketRow[],
): Promise<VoucherPlaces> {
  const byType = vouchersByType(citypass);
  const places: VoucherPlaces = new Map();
  const used = new Map<string, number>();
  const vouchers: { ticket_id: string; voucher: string }[] = [];
  for (const ticket of held) {
    const type = ticket.ticketTypeId;
    const index = used.get(type) ?? 0;
    used.set(type, index + 1);
    places.set(ticket.id, { ticket_type_id: type, voucher_index: index });
    const voucher = byType.get(type)?.[index];
    if (voucher === undefined) {
      throw new AppError(
        'invalid_citypass',
        CONTEXT,
        'A CityPASS voucher is required for each ticket',
        { ticket_type_id: type, voucher_index: index },
      );
    }
    vouchers.push({ ticket_id: ticket.id, voucher });
  }
  for (const [type, given] of byType) {
    if (given.length > (used.get(type) ?? 0)) {
      throw validationFailed(CONTEXT, 'citypass.vouchers', 'one voucher per new ticket');
    }
  }
  const key = citypass.code?.trim().toLowerCase();
  const code = key ? taken.find((t) => t.code.code.toLowerCase() === key) : undefined;
  if (!code) {
    await addHeldCitypassVouchers(tx, target, citypass.code ?? null, vouchers).catch(
      (err: unknown) => {
        throw placedCitypassError(err, places);
      },
    );
    return places;
  }
  const settings = await readSellerSettings(tx, target.sellerId);
  if (!citypassGroupOf(settings.citypass_code_groups, code.code.codeGroup)) {
    throw new AppError('invalid_citypass', CONTEXT, 'This is not a CityPASS code.', {
      code: citypass.code,
    });
  }
  code.vouchers = vouchers;
  return places;
}

/** A settling's CityPASS refusal about a new ticket, told by the voucher's type and place. */
export function placedCitypassError(err: unknown, places: VoucherPlaces | null): unknown {
  if (!places || !(err instanceof AppError) || err.code !== 'invalid_citypass') return err;
  const ticketId = err.extra?.ticket_id;
  const place = typeof ticketId === 'string' ? places.get(ticketId) : undefined;
  if (!place) return err;
  return new AppError(err.code, CONTEXT, err.message, place, err.status);
}
