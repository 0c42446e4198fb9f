import { lazy, Suspense } from 'react';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import type { AccountSlots } from '@/features/account/account-slots';
import type { CardEntryProps } from '@/features/account/model/card-entry';

// the card fields (and a card provider's script) load when "Replace card" is first pressed,
// so the header's opener keeps the first load small
const AccountCardEntry = lazy(() =>
  import('@/app/account-card-entry').then((m) => ({ default: m.AccountCardEntry })),
);

/**
 * The card entry of the membership details modal: the account page's own, loading inside the
 * form, so the form's heading (which has the focus) stays on screen while the fields arrive.
 */
function LazyAccountCardEntry(props: CardEntryProps) {
  const t = useStrings(LAYOUT_STRINGS);
  return (
    <Suspense fallback={<Loader label={t('layout.loading')} />}>
      <AccountCardEntry {...props} />
    </Suspense>
  );
}

/** What the app plugs into the account screens opened outside its routes (decision 0092). */
export const ACCOUNT_SLOTS: AccountSlots = { cardEntry: LazyAccountCardEntry };
