import type { ComponentType } from 'react';
import { MembershipDetails } from '@/features/account/components/membership-details';
import type { CardEntryProps } from '@/features/account/model/card-entry';

/**
 * The membership details modal's content (shopping §2 "Modals", identity §2 "My membership
 * details"): the account page's details under the modal's title, the saved card replaceable
 * with the card fields the app plugs in (decisions 0080, 0092).
 */
export function MembershipDetailsDialog({
  cardEntry,
}: {
  cardEntry?: ComponentType<CardEntryProps>;
}) {
  return <MembershipDetails level={3} cardEntry={cardEntry} />;
}
