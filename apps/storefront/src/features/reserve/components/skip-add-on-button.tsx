import { ButtonLink } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import { totalQuantity } from '@/features/reserve/model/stepper-rules';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { RESERVE_STRINGS } from '@/features/reserve/strings';

/**
 * The mobile footer's "skip add-on" button (spec: shopping §2 "Date-first reserve page"): on an
 * add-on (anchor) event's page on a phone, while no tickets are chosen, it moves on to where the
 * add-on banner's skip link goes (the next add-on, else checkout). Choosing tickets hides it, so
 * the footer's one action is then to reserve.
 */
export function SkipAddOnButton({
  skipTo,
  quantities,
}: {
  skipTo: string | null;
  quantities: Quantities;
}) {
  const t = useStrings(RESERVE_STRINGS);
  const isPhone = useMediaQuery(MOBILE_MEDIA_QUERY);
  if (!skipTo || !isPhone || totalQuantity(quantities) > 0) return null;
  return (
    <ButtonLink to={skipTo} variant="secondary">
      {t('reserve.skip_add_on')}
    </ButtonLink>
  );
}
