import { Navigate, useLocation } from 'react-router';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';

/**
 * spec: identity §2 — "/my redirects to /my/membership if the user has an active membership,
 * else to /my/profile, keeping query and hash".
 */
export function AccountIndex() {
  const t = useStrings(ACCOUNT_STRINGS);
  const { search, hash } = useLocation();
  const { isMember, isPending } = useMemberStatus();
  if (isPending) return <Loader label={t('account.loading')} />;
  const pathname = isMember ? '/my/membership' : '/my/profile';
  return <Navigate to={{ pathname, search, hash }} replace />;
}
