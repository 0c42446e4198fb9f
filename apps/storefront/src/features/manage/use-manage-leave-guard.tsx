import { useCallback } from 'react';
import { Button } from '@/ui/button';
import { useModalStack } from '@/ui/modal-stack';
import { useLeaveGuard } from '@/ui/routing/leave-guard';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import styles from '@/features/manage/manage.module.css';

const LEAVE_MODAL = 'manage-leave';

/**
 * identity §4 "Manage order": "editing starts a temporary cart with an expiry (unsaved changes;
 * the browser warns on leaving)". While the edit has changes, leaving the order's manage pages
 * (manage, reschedule, confirm) asks first; moving between them does not. `beforeUnload`: also
 * the browser's own warning (off on the confirm page, which hands the browser to the card's
 * authentication page).
 */
export function useManageLeaveGuard(orderId: string, unsaved: boolean, beforeUnload = true) {
  const t = useStrings(MANAGE_STRINGS);
  const { open, close } = useModalStack();
  const stays = useCallback(
    (pathname: string) => pathname.includes(`/manage/${orderId}`),
    [orderId],
  );
  const confirm = useCallback(
    (leave: () => void) =>
      open({
        name: LEAVE_MODAL,
        title: t('manage.leave.title'),
        closeLabel: t('manage.close'),
        content: (done) => (
          <div className={styles.fieldset}>
            <p>{t('manage.leave.body')}</p>
            <div className={styles.actions}>
              <Button onClick={done} autoFocus>
                {t('manage.leave.stay')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  close(LEAVE_MODAL);
                  leave();
                }}
              >
                {t('manage.leave.go')}
              </Button>
            </div>
          </div>
        ),
      }),
    [close, open, t],
  );
  useLeaveGuard(unsaved, { stays, confirm, beforeUnload });
}
