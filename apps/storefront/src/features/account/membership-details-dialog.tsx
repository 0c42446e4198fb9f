import { MembershipDetails } from '@/features/account/components/membership-details';

/**
 * The membership details modal's content (shopping §2 "Modals", identity §2 "My membership
 * details"): the account page's details under the modal's title. The saved card is shown;
 * replacing it stays on the account page, which has the card fields (decision 0080).
 */
export function MembershipDetailsDialog() {
  return <MembershipDetails level={3} />;
}
