import { useEffect, useRef, useState } from 'react';
import { SCAN_STRINGS } from '@/features/scan/strings';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/scan/scan.module.css';

// the same code held in front of the camera is read many times a second: once per this long
const SAME_CODE_QUIET_MS = 3000;

/**
 * The camera reading QR codes (@zxing/browser, loaded only when the camera is started, so it
 * never weighs on the first load — decision 0004). Each new code is handed to `onCode`.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useStrings(SCAN_STRINGS);
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let last = { code: '', at: 0 };
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (cancelled || !video.current) return;
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result) => {
            if (!result) return;
            const code = result.getText();
            const now = Date.now();
            if (code === last.code && now - last.at < SAME_CODE_QUIET_MS) return;
            last = { code, at: now };
            handler.current(code);
          },
        );
        if (cancelled) controls.stop();
        else stop = () => controls.stop();
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  if (failed) {
    return (
      <p role="alert" className={styles.cameraProblem}>
        {t('scan.camera.unavailable')}
      </p>
    );
  }
  return (
    <video
      ref={video}
      className={styles.video}
      aria-label={t('scan.camera.label')}
      muted
      playsInline
    />
  );
}
