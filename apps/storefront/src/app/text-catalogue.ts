import { EVENT_STRINGS } from '@/features/event/strings';
import { HOME_STRINGS } from '@/features/home/strings';
import { SCAN_STRINGS } from '@/features/scan/strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import { NOT_FOUND_STRINGS } from '@/features/not-found/strings';
import { STORIES_STRINGS } from '@/app/stories/stories-strings';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import { CART_STRINGS } from '@/features/cart/strings';
import { CALENDAR_STRINGS } from '@/ui/calendar/strings';
import { STEPPER_STRINGS } from '@/ui/stepper-strings';
import { QUANTITY_FIRST_STRINGS } from '@/features/reserve/flows/quantity-first/quantity-first-strings';
import { SINGLE_EVENT_STRINGS } from '@/features/reserve/flows/single-event/single-event-strings';
import { ONE_TICKET_STRINGS } from '@/features/reserve/flows/one-ticket/one-ticket-strings';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import { USER_STRINGS } from '@/features/user/strings';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { CODES_STRINGS } from '@/features/codes/strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import { MEMBERSHIP_PAGE_STRINGS } from '@/features/membership/strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import { WALLET_STRINGS } from '@/ui/wallet/wallet-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { SEAT_MAP_STRINGS } from '@/features/seats/map/seat-map-strings';
import { SEATS_STRINGS } from '@/features/seats/strings';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { SALES_STRINGS } from '@/features/office/sales/strings';
import { TODAY_STRINGS } from '@/features/office/today/strings';
import { OFFICE_AUDIT_STRINGS } from '@/features/office/audit/strings';
import { OFFICE_CAPACITY_STRINGS } from '@/features/office/capacity/strings';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';
import { OFFICE_CATALOGUE_STRINGS } from '@/features/office/catalogue/strings';
import { OFFICE_API_KEYS_STRINGS } from '@/features/office/api-keys/strings';
import { OFFICE_MEMBERS_STRINGS } from '@/features/office/members/strings';
import { OFFICE_STAFF_STRINGS } from '@/features/office/staff/strings';

/**
 * Every default text of the storefront by feature: the catalogue sellers override by key
 * through `text_strings` (shopping §1). Used for documentation and to keep keys unique.
 */
export const TEXT_CATALOGUE_PARTS: Record<string, Record<string, string>> = {
  layout: LAYOUT_STRINGS,
  home: HOME_STRINGS,
  // the door's scanner (issue #16): staff texts, overridable like the rest
  scan: SCAN_STRINGS,
  // the back office's shell and login (issue #27, decision 0087)
  office: OFFICE_STRINGS,
  // the office's today and sales pages (decision 0088)
  'office.today': TODAY_STRINGS,
  'office.sales': SALES_STRINGS,
  'office.audit': OFFICE_AUDIT_STRINGS,
  'office.capacity': OFFICE_CAPACITY_STRINGS,
  'office.orders': OFFICE_ORDERS_STRINGS,
  'office.catalogue': OFFICE_CATALOGUE_STRINGS,
  'office.api-keys': OFFICE_API_KEYS_STRINGS,
  'office.members': OFFICE_MEMBERS_STRINGS,
  'office.staff': OFFICE_STAFF_STRINGS,
  listing: LISTING_STRINGS,
  event: EVENT_STRINGS,
  'not-found': NOT_FOUND_STRINGS,
  // the developer viewer, outside production only (decision 0068)
  stories: STORIES_STRINGS,
  cart: CART_STRINGS,
  calendar: CALENDAR_STRINGS,
  stepper: STEPPER_STRINGS,
  'reserve.quantity_first': QUANTITY_FIRST_STRINGS,
  'reserve.single_event': SINGLE_EVENT_STRINGS,
  'reserve.one_ticket': ONE_TICKET_STRINGS,
  'reserve.membership': MEMBERSHIP_STRINGS,
  // the reserve core and the date-first page share the `reserve.` prefix (keys are disjoint)
  reserve: { ...RESERVE_STRINGS, ...DATE_FIRST_STRINGS },
  user: USER_STRINGS,
  login: LOGIN_STRINGS,
  checkout: CHECKOUT_STRINGS,
  codes: CODES_STRINGS,
  orders: ORDERS_STRINGS,
  membership: MEMBERSHIP_PAGE_STRINGS,
  account: ACCOUNT_STRINGS,
  wallet: WALLET_STRINGS,
  manage: MANAGE_STRINGS,
  // the seat map panel (issue #24); the seat selection flow's texts are the reserve feature's
  seat_map: SEAT_MAP_STRINGS,
  // seat selection (issue #24)
  seats: SEATS_STRINGS,
};

/** All keys merged; a duplicated key would silently shadow another feature's text. */
export function buildTextCatalogue(
  parts: Record<string, Record<string, string>> = TEXT_CATALOGUE_PARTS,
) {
  const catalogue: Record<string, string> = {};
  const duplicates: string[] = [];
  for (const strings of Object.values(parts)) {
    for (const [key, text] of Object.entries(strings)) {
      if (key in catalogue) duplicates.push(key);
      catalogue[key] = text;
    }
  }
  return { catalogue, duplicates };
}
