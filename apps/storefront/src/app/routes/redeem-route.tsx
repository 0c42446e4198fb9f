import { RedeemRoute } from '@/features/membership/redeem-route';
import { MembershipForm } from '@/features/reserve/flows/membership/membership-form';

/** /membership/redeem with the membership form plugged in for the levels the code offers. */
export function ComposedRedeemRoute() {
  return <RedeemRoute LevelForm={MembershipForm} />;
}
