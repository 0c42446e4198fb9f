import { useMemo } from 'react';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { useProfile } from '@/features/account/api/get-profile';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { profileValuesOf } from '@/features/account/model/profile-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import { ReadFailure } from '@/features/account/components/read-failure';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/**
 * spec: identity §2 "My profile" (/my/profile): the account's details from GET my/user; 'Update
 * details' saves the contact fields with PATCH my/user/{id} (decision 0040).
 */
export function ProfileRoute() {
  const t = useStrings(ACCOUNT_STRINGS);
  usePageTitle(t('account.profile.title'));
  const profile = useProfile();
  const update = useUpdateProfile(profile.data?.user?.id ?? '');
  const { user, identity } = profile.data ?? { user: null, identity: null };
  // a new object only when the identity changes: the form refills then, not on every render
  const values = useMemo(() => profileValuesOf(user, identity), [user, identity]);
  if (profile.isPending) return <Loader label={t('account.profile.loading')} />;
  if (profile.isError || !user) return <ReadFailure retry={() => void profile.refetch()} />;
  return (
    <div className={styles.content}>
      <h1>{t('account.profile.title')}</h1>
      <ProfileForm
        values={values}
        pending={update.isPending}
        onSubmit={(body) => update.mutate(body)}
      />
      {update.isSuccess && <p role="status">{t('account.profile.saved')}</p>}
      {update.isError && (
        <p role="alert" className={styles.error}>
          {t('account.profile.error')}
        </p>
      )}
    </div>
  );
}
