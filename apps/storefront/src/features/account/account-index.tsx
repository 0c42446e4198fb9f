import { Navigate, useLocation } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';

/**
 * spec: identity §2 — "/my redirects to /my/membership if the user has an active membership,
 * else to /my/profile". With the profile page turned off (my_account_pages.my_profile) the
 * first page the sidebar offers stands in for it (decision 0040).
 */
export function accountLandingPath(
  isMember: boolean,
  pages: SellerConfig['my_account_pages'],
): string {
  if (isMember) return '/my/membership';
  if (pages.my_profile) return '/my/profile';
  if (pages.upcoming_events) return '/my/upcoming';
  if (pages.recent_orders) return '/my/orders';
  return '/my/membership';
}

/** /my: on to the landing page, keeping query and hash (identity §2). */
export function AccountIndex() {
  const t = useStrings(ACCOUNT_STRINGS);
  const { search, hash } = useLocation();
  const { my_account_pages: pages } = useSellerConfig();
  const { isMember, isPending } = useMemberStatus();
  if (isPending) return <Loader label={t('account.loading')} />;
  return <Navigate to={{ pathname: accountLandingPath(isMember, pages), search, hash }} replace />;
}
