import { useState } from 'react';
import type { CheckInBody } from '@admit/contracts/seller-api';
import { useSellerConfig } from '@/config/seller-config';
import { useCheckIn } from '@/features/scan/api/check-in';
import { KeyPrompt } from '@/features/scan/components/key-prompt';
import { ScanForm } from '@/features/scan/components/scan-form';
import { ScanResult } from '@/features/scan/components/scan-result';
import { scanKeyStore } from '@/features/scan/model/scan-key';
import { refusalOf, type ScanOutcome } from '@/features/scan/model/scan-outcome';
import { SCAN_STRINGS } from '@/features/scan/strings';
import { Button } from '@/ui/button';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { usePersistedStore } from '@/stores/persisted-store';
import styles from '@/features/scan/scan.module.css';

/** The scanner with a key: scan after scan, the last answer shown big. */
function Scanner({
  apiKey,
  onForget,
}: {
  apiKey: string;
  /** `expired`: the key was refused while scanning (revoked), not forgotten by hand */
  onForget: (expired: boolean) => void;
}) {
  const t = useStrings(SCAN_STRINGS);
  const { timezone: zone, locale } = useSellerConfig();
  const checkIn = useCheckIn(apiKey);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const scan = (body: CheckInBody) => {
    // the last answer never stands for this scan (issue #25: a green "Admitted" stayed up)
    setOutcome(null);
    checkIn.mutate(body, {
      onSuccess: (results) => setOutcome({ kind: 'admitted', results }),
      onError: (error) => {
        const refused = refusalOf(error, t, new Date(), zone, locale);
        setOutcome(refused);
        if (refused.kind === 'refused' && refused.keyInvalid) onForget(true);
      },
    });
  };
  return (
    <>
      {/* first on the phone's screen, and announced as it changes: staff may be looking away */}
      <div role="status" aria-label={t('scan.result.region')} aria-live="polite" aria-atomic="true">
        {outcome && <ScanResult outcome={outcome} sellerZone={zone} />}
      </div>
      <ScanForm pending={checkIn.isPending} onScan={scan} onAttempt={() => setOutcome(null)} />
      <p className={styles.keyLine}>
        <Button variant="link" onClick={() => onForget(false)}>
          {t('scan.key.forget')}
        </Button>
      </p>
    </>
  );
}

/**
 * /{seller}/scan (issue #16, decision 0042): the door's scanner for staff, on a phone. Asks the
 * seller API key once, then checks codes in by camera or by hand. Not in the visitor navigation.
 */
export function ScanRoute() {
  const t = useStrings(SCAN_STRINGS);
  usePageTitle(t('scan.title'));
  const apiKey = usePersistedStore(scanKeyStore);
  const [expired, setExpired] = useState(false);
  return (
    <div className={styles.page}>
      <h1>{t('scan.title')}</h1>
      {apiKey ? (
        <Scanner
          apiKey={apiKey}
          onForget={(wasExpired) => {
            setExpired(wasExpired);
            scanKeyStore.set(null);
          }}
        />
      ) : (
        <KeyPrompt expired={expired} onKey={(key) => scanKeyStore.set(key)} />
      )}
    </div>
  );
}
