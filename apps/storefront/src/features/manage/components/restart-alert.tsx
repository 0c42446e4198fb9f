import { Link } from 'react-router';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import type { ManageFailure } from '@/features/manage/model/manage-errors';
import styles from '@/features/manage/manage.module.css';

/**
 * A refused manage call in the page's words (identity §8): the expected errors give "a restart
 * message with a link to manage the order"; the others their text.
 */
export function FailureAlert({
  failure,
  manageTo,
  onRestart,
}: {
  failure: ManageFailure;
  /** the order's manage page */
  manageTo: string;
  /** on the manage page itself the link starts again in place */
  onRestart?: () => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  return (
    <div role="alert" className={styles.alert}>
      {failure.kind === 'restart' ? (
        <p>
          {t('manage.restart')}{' '}
          <Link to={manageTo} onClick={onRestart}>
            {t('manage.restart-link')}
          </Link>
        </p>
      ) : (
        <p>{t(failure.key)}</p>
      )}
      {failure.kind === 'message' && failure.key === 'manage.log-out' && (
        // issue #25: the spec's rule stands (identity §4 "Reschedule: refused when logged in"),
        // so the way on is one step: log out, and land back on this order's manage page
        <p>
          <Link to={`/logout?next=${encodeURIComponent(manageTo)}`}>
            {t('manage.log-out-and-manage')}
          </Link>
        </p>
      )}
    </div>
  );
}
