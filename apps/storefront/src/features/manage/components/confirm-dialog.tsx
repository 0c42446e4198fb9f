import type { ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import styles from '@/features/manage/manage.module.css';

/**
 * The confirm modal before a cancel (identity §2 "A confirm modal appears first"): react-aria's
 * dialog traps focus, starts on its first button ("Keep my tickets", the safe choice) and gives
 * focus back to the button that opened it when it closes.
 */
export function ConfirmDialog({
  title,
  children,
  isOpen,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  isOpen: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  return (
    <Modal
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('manage.close')}
    >
      {children}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t('manage.confirm.no')}
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? t('manage.working') : t('manage.confirm.yes')}
        </Button>
      </div>
    </Modal>
  );
}
