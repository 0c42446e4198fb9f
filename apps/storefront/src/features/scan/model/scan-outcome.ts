import { membershipLastDay } from '@admit/contracts/rules/membership-dates';
import type { CheckInResult, SellerTicket } from '@admit/contracts/seller-api';
import { checkInRefusalExtraSchema } from '@admit/contracts/seller-api';
import { notAnAdmissionReason } from '@admit/contracts/rules/admission';
import { dateFormatsFor, formatInZone, sessionWhenLabel } from '@admit/contracts/session-time';
import { ApiError } from '@/api/client';
import type { ScanStringKey } from '@/features/scan/strings';

/** What the scanner shows after a scan: big and plain, for a person at a door. */
export type ScanOutcome =
  | { kind: 'admitted'; results: CheckInResult[] }
  | {
      kind: 'refused';
      message: { key: ScanStringKey; vars?: Record<string, string> };
      ticket: SellerTicket | null;
      /** the key stopped working: ask for a new one */
      keyInvalid: boolean;
    };

type Translate = (key: ScanStringKey, vars?: Record<string, string>) => string;

/**
 * "Wed, Jun 2, 2026 at 10:00 AM" in the ticket's venue zone and the seller locale's patterns
 * (en-GB "Wed 2 Jun 2026, 10:00"); "any date" without a session. The door always reads the
 * session's date and time, whatever the event's ticket_date_time: staff check it (decision 0066).
 */
export function ticketWhen(ticket: SellerTicket, t: Translate, locale?: string): string {
  return (
    sessionWhenLabel(
      ticket.start_datetime && ticket.end_datetime
        ? { start_datetime: ticket.start_datetime, end_datetime: ticket.end_datetime }
        : null,
      ticket.timezone,
      locale,
    ) ?? t('scan.any-date')
  );
}

/** A member's last day ("Wed, Jun 2, 2027"; en-GB "Wed 2 Jun 2027") in the seller's zone. */
export const memberUntil = (validTo: string, sellerZone: string, locale?: string) =>
  membershipLastDay(validTo, sellerZone, locale);

/** The refusal of a failed check-in, from the error envelope's `_code` and `_extra`. */
export function refusalOf(
  error: unknown,
  t: Translate,
  now: Date,
  sellerZone: string,
  locale?: string,
): ScanOutcome {
  const api = error instanceof ApiError ? error : null;
  if (api?.status === 401) {
    return {
      kind: 'refused',
      message: { key: 'scan.refusal.key' },
      ticket: null,
      keyInvalid: true,
    };
  }
  const extra = checkInRefusalExtraSchema.safeParse(api?.extra ?? null);
  const ticket = extra.success ? (extra.data.ticket ?? null) : null;
  const refused = (key: ScanStringKey, vars?: Record<string, string>): ScanOutcome => ({
    kind: 'refused',
    message: { key, vars },
    ticket,
    keyInvalid: false,
  });
  switch (api?.code) {
    case 'already_redeemed': {
      const at = extra.success ? extra.data.redeemed_at : undefined;
      // a member ID admits once a day: no ticket, the member came in earlier today
      const key = ticket
        ? 'scan.refusal.already_redeemed'
        : extra.success && extra.data.membership
          ? 'scan.refusal.member_admitted_today'
          : 'scan.refusal.already_redeemed';
      const zone = ticket?.timezone ?? sellerZone;
      if (!at) return refused(key, { time: '' });
      // the time alone when it was today at this venue, else the date too
      const formats = dateFormatsFor(locale);
      const sameDay =
        formatInZone(at, formats.cartDate, zone) ===
        formatInZone(now.toISOString(), formats.cartDate, zone);
      const time = formatInZone(at, sameDay ? formats.cartTime : formats.cartDateTime, zone);
      return refused(key, { time });
    }
    case 'not_an_admission': {
      // the one rule's reason (contracts rules/admission.ts): "A donation is not an admission"
      const reason = notAnAdmissionReason(extra.success ? extra.data.handler : null, {
        gift: extra.success && extra.data.gift === true,
      });
      return refused('scan.refusal.not_an_admission', { reason });
    }
    case 'wrong_session':
    case 'wrong_date':
      return refused(`scan.refusal.${api.code}`, {
        when: ticket ? ticketWhen(ticket, t, locale) : '',
      });
    case 'membership_expired': {
      const end = extra.success ? extra.data.membership?.valid_to : undefined;
      return refused('scan.refusal.membership_expired', {
        date: end ? memberUntil(end, sellerZone, locale) : '',
      });
    }
    case 'ticket_cancelled':
    case 'unknown_code':
      return refused(`scan.refusal.${api.code}`);
    default:
      return refused('scan.refusal.failed');
  }
}
