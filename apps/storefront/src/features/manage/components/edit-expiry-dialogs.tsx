import { useEffect, useRef, useState } from 'react';
import type { OrderEdit } from '@admit/contracts/manage';
import { CART_MAX_EXTENSIONS } from '@admit/contracts/constants';
import { Button } from '@/ui/button';
import { shouldOfferExtension } from '@/ui/hold-timer';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import styles from '@/features/manage/manage.module.css';

export const EDIT_EXTEND_MODAL = 'manage-extend';
export const EDIT_EXPIRED_MODAL = 'manage-expired';

/**
 * What this page remembers of an edit's hold: the visitor declined more time (not offered again,
 * shopping §4), and the extensions granted (none past what the server grants, decision 0025).
 * Kept for the page's life across the manage, reschedule and confirm screens.
 */
const holds = new Map<string, { declined: boolean; extensions: number }>();
const holdOf = (cartId: string) => holds.get(cartId) ?? { declined: false, extensions: 0 };

function ExtendOffer({
  onExtend,
  onDecline,
}: {
  onExtend: () => Promise<void>;
  onDecline: () => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <div className={styles.fieldset}>
      <p>{t('manage.extend.body')}</p>
      {state === 'failed' && (
        <p role="alert" className={styles.alert}>
          {t('manage.extend.error')}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDecline}>
          {t('manage.extend.decline')}
        </Button>
        <Button
          disabled={state === 'busy'}
          onClick={() => {
            setState('busy');
            onExtend().then(
              () => setState('idle'),
              (error: unknown) => {
                // spec: identity §8 "Extend-timer failure" — a message, and it is reported
                console.error('order edit extension failed', error);
                setState('failed');
              },
            );
          }}
        >
          {t('manage.extend.confirm')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The cart-expiry dialogs' manage variants (identity §2 "Global dialogs"): with at most 60 s of
 * the edit's hold left, the offer of 2 more minutes (PATCH ticket_order/{id}/edit); when it runs
 * out, a modal whose one button goes back to the order — on the manage page the page itself
 * starts again, on the reschedule and confirm pages it returns to /manage/{orderId}.
 */
export function EditExpiryDialogs({
  edit,
  seconds,
  onExtend,
  onBack,
}: {
  edit: OrderEdit | null;
  seconds: number | null;
  onExtend: (expiresAt: string) => Promise<unknown>;
  onBack: () => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const { open, close } = useModalStack();
  const offeredFor = useRef<string | null>(null);
  // an edit already gone when the page opened is forgotten quietly, not announced
  const sawRunning = useRef(false);
  const cartId = edit?.cart_id ?? null;
  const expiresAt = edit?.expires_at ?? null;
  const latest = useRef({ onExtend, onBack });
  latest.current = { onExtend, onBack };

  useEffect(() => {
    if (cartId === null || expiresAt === null || seconds === null) return;
    if (seconds > 0) {
      sawRunning.current = true;
      const hold = holdOf(cartId);
      const key = `${cartId}:${expiresAt}`;
      if (
        shouldOfferExtension(seconds, hold.declined, hold.extensions) &&
        offeredFor.current !== key
      ) {
        offeredFor.current = key;
        open({
          name: EDIT_EXTEND_MODAL,
          title: t('manage.extend.title'),
          closeLabel: t('manage.close'),
          content: (done) => (
            <ExtendOffer
              onExtend={async () => {
                await latest.current.onExtend(expiresAt);
                const now = holdOf(cartId);
                holds.set(cartId, {
                  ...now,
                  extensions: Math.min(now.extensions + 1, CART_MAX_EXTENSIONS),
                });
                done();
              }}
              onDecline={() => {
                holds.set(cartId, { ...holdOf(cartId), declined: true });
                done();
              }}
            />
          ),
        });
      }
      return;
    }
    close(EDIT_EXTEND_MODAL);
    if (!sawRunning.current) return;
    sawRunning.current = false;
    open({
      name: EDIT_EXPIRED_MODAL,
      title: t('manage.expired.title'),
      closeLabel: t('manage.close'),
      isClosable: false,
      content: (done) => (
        <div className={styles.fieldset}>
          <p>{t('manage.expired.body')}</p>
          <div className={styles.actions}>
            <Button
              onClick={() => {
                done();
                latest.current.onBack();
              }}
            >
              {t('manage.expired.back')}
            </Button>
          </div>
        </div>
      ),
    });
  }, [cartId, expiresAt, seconds, open, close, t]);

  // the edit ending (confirmed, cancelled) or leaving the page takes the offer with it
  useEffect(() => {
    if (cartId === null) close(EDIT_EXTEND_MODAL);
  }, [cartId, close]);
  useEffect(() => () => close(EDIT_EXTEND_MODAL), [close]);
  return null;
}
