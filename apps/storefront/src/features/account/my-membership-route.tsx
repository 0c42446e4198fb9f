import type { ComponentType } from 'react';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { MembershipDetails } from '@/features/account/components/membership-details';
import type { CardEntryProps } from '@/features/account/model/card-entry';
import { ACCOUNT_STRINGS } from '@/features/account/strings';

/** What the app plugs into the page: the card fields of "Replace card" (decision 0067). */
export interface MyMembershipSlots {
  cardEntry?: ComponentType<CardEntryProps>;
}

/**
 * spec: identity §2 "My membership details" (/my/membership): the details (shared with the
 * membership details modal) under the page's heading, the saved card replaceable here.
 */
export function MyMembershipRoute({ slots }: { slots?: MyMembershipSlots }) {
  const t = useStrings(ACCOUNT_STRINGS);
  usePageTitle(t('account.membership.title'));
  return (
    <MembershipDetails
      heading={<h1>{t('account.membership.title')}</h1>}
      cardEntry={slots?.cardEntry}
    />
  );
}
