import type { Executor } from '@/db/transaction';
import { AppError, validationFailed } from '@/http/app-error';
import { resourceCovers } from '@admit/contracts/rules/discounts';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { checkVouchers, citypassGroupOf, voucherUsed } from './citypass';
import {
  selectCartCodes,
  selectLiveTickets,
  selectVouchersInUse,
  updateCartCodeVoucher,
} from './repo';

/**
 * New tickets of a cart that already holds a CityPASS code (shopping §5 "CityPASS codes": "one
 * required voucher field per selected ticket"; issue #25, decision 0098): the code covers them at
 * its discount, so each one it covers brings its voucher, checked as the code's first vouchers
 * were (the group's patterns, each voucher once, none taken by another cart) and kept with them.
 * A reserve form sends them (`modules/cart/reserve-citypass.ts`); `code` null: the cart's one
 * CityPASS code.
 */
export async function addHeldCitypassVouchers(
  tx: Executor,
  target: { sellerId: string; cartId: string },
  code: string | null,
  given: { ticket_id: string; voucher: string }[],
): Promise<void> {
  const [settings, held] = await Promise.all([
    readSellerSettings(tx, target.sellerId),
    selectCartCodes(tx, target.cartId),
  ]);
  const key = code?.trim().toLowerCase() ?? null;
  const citypass = held.filter(
    (c) =>
      citypassGroupOf(settings.citypass_code_groups, c.code.codeGroup) !== null &&
      (key === null || c.code.code.toLowerCase() === key),
  );
  if (citypass.length === 0) {
    throw key === null
      ? validationFailed('reserve', 'citypass.code', 'the cart holds no CityPASS code')
      : new AppError('invalid_citypass', 'reserve', 'This is not a CityPASS code.', { code });
  }
  if (citypass.length > 1) {
    throw validationFailed('reserve', 'citypass.code', 'the cart holds two: name one');
  }
  const { cartCode, code: row } = citypass[0]!;
  const group = citypassGroupOf(settings.citypass_code_groups, row.codeGroup)!;
  const ids = new Set(given.map((v) => v.ticket_id));
  const covered = (await selectLiveTickets(tx, target.cartId)).filter(
    (t) => ids.has(t.id) && resourceCovers(row, t),
  );
  const fresh = checkVouchers(group, covered, given);
  const kept = (cartCode.voucher ?? '').split(',').filter((v) => v !== '');
  const twice = fresh.find((v) => kept.includes(v));
  if (twice) throw voucherUsed(twice);
  const [used] = await selectVouchersInUse(tx, target.sellerId, fresh, target.cartId);
  if (used) throw voucherUsed(used);
  if (fresh.length > 0) await updateCartCodeVoucher(tx, cartCode.id, [...kept, ...fresh].join(','));
}
