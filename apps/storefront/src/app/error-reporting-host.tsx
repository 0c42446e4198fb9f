import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client';
import { configureErrorReporter, reportError } from '@/api/errors/report-error';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { Button } from '@/ui/button';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import styles from '@/app/error-reporting-host.module.css';

/**
 * The error reporter's place in the page (identity §8, decision 0061): it points the reporter
 * at the seller config's DSN (or the server's log endpoint), and handles every unhandled
 * rejection. spec: identity §8 "Other" — a global unhandled rejection shows the API error or a
 * generic one; it is reported unless it is an expected API answer (report-error.ts). An abort
 * (a left page's reads) is neither shown nor reported.
 */
export function ErrorReportingHost() {
  const t = useStrings(LAYOUT_STRINGS);
  const { error_reporter_dsn: dsn, environment } = useSellerConfig();
  const [shown, setShown] = useState<{ apiMessage: string | null } | null>(null);

  useEffect(() => configureErrorReporter({ dsn, environment }), [dsn, environment]);

  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      if (reason instanceof DOMException && reason.name === 'AbortError') return;
      // handled here: the browser's own "Uncaught (in promise)" would only repeat it
      event.preventDefault();
      console.error('unhandled rejection', reason);
      reportError(reason, 'unhandled_rejection');
      const apiMessage =
        reason instanceof ApiError && reason.description ? reason.description : null;
      setShown({ apiMessage });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);

  if (!shown) return null;
  return (
    <div className={styles.banner} role="alert">
      <p className={styles.message}>{shown.apiMessage ?? t('layout.unhandled-error')}</p>
      <Button variant="secondary" onClick={() => setShown(null)}>
        {t('layout.unhandled-error.dismiss')}
      </Button>
    </div>
  );
}
