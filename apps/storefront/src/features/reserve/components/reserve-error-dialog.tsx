import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

export interface ReserveErrorDialogProps {
  description: string;
  onRetry: () => void;
  onCancel: () => void;
}

/**
 * An unexpected reserve error in the API's own words (spec: shopping §8): "Try again" sends the
 * same reserve again, "Cancel" (or Escape) leaves the form as it is.
 */
export function ReserveErrorDialog({ description, onRetry, onCancel }: ReserveErrorDialogProps) {
  const t = useStrings(RESERVE_STRINGS);
  return (
    <Modal
      title={t('reserve.error_dialog_title')}
      isOpen
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      closeLabel={t('reserve.error_close')}
    >
      <p>{description}</p>
      <div className={reserveStyles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('reserve.error_cancel')}
        </Button>
        <Button onClick={onRetry}>{t('reserve.error_retry')}</Button>
      </div>
    </Modal>
  );
}
