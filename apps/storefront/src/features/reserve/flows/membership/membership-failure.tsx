import { useSellerConfig } from '@/config/seller-config';
import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { useStrings } from '@/ui/text/use-strings';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import type { MembershipFailure } from '@/features/reserve/flows/membership/membership-errors';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

/** A failed membership submission's message (shopping §8); silent ones show nothing. */
export function MembershipFailureView({ failure }: { failure: MembershipFailure | null }) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  const { timezone, locale } = useSellerConfig();
  if (!failure || failure.kind === 'silent' || failure.kind === 'self_gift') return null;
  if (failure.kind === 'code_prompt') return null;
  let text: string;
  if (failure.kind === 'renew_from') {
    text = t('reserve.membership.renew_from_plain', {
      date: formatInZone(failure.date, dateFormatsFor(locale).cartDate, timezone),
    });
  } else if (failure.kind === 'message') {
    text = failure.text;
  } else {
    text = tr('reserve.error_generic');
  }
  return (
    <p role="alert" className={reserveStyles.alert}>
      {text}
    </p>
  );
}
