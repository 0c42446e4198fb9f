import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { ConfirmDialog } from '@/features/manage/components/confirm-dialog';

/**
 * The confirm modal of a cancel (identity §2 "A confirm modal appears first"): of the ticked
 * tickets (`tickets`), or of the whole order (`order`). `now`: the cancel happens at once (POST
 * ticket_order/{id}/cancel); else it goes into the edit until Confirm Changes. `addOns`: the
 * add-on tickets the cancel takes along (the server's dry run, decision 0098), told before the
 * visitor confirms; `checking` while that is asked, Yes waits for it.
 */
export function CancelConfirm({
  dialog,
  count,
  addOns = 0,
  checking = false,
  now,
  busy,
  onClose,
  onConfirm,
}: {
  dialog: 'tickets' | 'order' | null;
  count: number;
  addOns?: number;
  checking?: boolean;
  now: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const named =
    count === 1
      ? t('manage.confirm-cancel.count-one')
      : t('manage.confirm-cancel.count', { count });
  const tickets =
    addOns === 0
      ? named
      : t('manage.confirm-cancel.with-add-ons', {
          tickets: named,
          addOns:
            addOns === 1
              ? t('manage.confirm-cancel.add-ons-one')
              : t('manage.confirm-cancel.add-ons', { count: addOns }),
        });
  return (
    <ConfirmDialog
      title={t(dialog === 'order' ? 'manage.confirm-order.title' : 'manage.confirm-cancel.title')}
      isOpen={dialog !== null}
      busy={busy || checking}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <p>
        {dialog === 'order'
          ? t('manage.confirm-order.body')
          : t(now ? 'manage.confirm-cancel.now' : 'manage.confirm-cancel.body', { tickets })}
      </p>
    </ConfirmDialog>
  );
}
