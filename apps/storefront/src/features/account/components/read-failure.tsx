import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/** A read of the account area failed: say so and offer to ask again. */
export function ReadFailure({ retry }: { retry: () => void }) {
  const t = useStrings(ACCOUNT_STRINGS);
  return (
    <div role="alert" className={styles.content}>
      <p>{t('account.read_error')}</p>
      <Button onClick={retry}>{t('account.retry')}</Button>
    </div>
  );
}
