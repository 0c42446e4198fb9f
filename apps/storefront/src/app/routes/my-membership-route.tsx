import { MyMembershipRoute, type MyMembershipSlots } from '@/features/account/my-membership-route';
import { AccountCardEntry } from '@/app/account-card-entry';

const slots: MyMembershipSlots = { cardEntry: AccountCardEntry };

/** /my/membership with "Replace card" taking the checkout's card fields. */
export function ComposedMyMembershipRoute() {
  return <MyMembershipRoute slots={slots} />;
}
