import { useEffect, useRef } from 'react';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { focusAfterClose } from '@/ui/focus-after-close';
import { ARRIVAL_FOCUS_ATTRIBUTE } from '@/ui/routing/arrival-focus';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import type { ManageSuccess } from '@/features/manage/model/manage-success';
import styles from '@/features/manage/manage.module.css';

const TEXT = {
  reschedule: 'manage.success.reschedule',
  cancel: 'manage.success.cancel',
  pending: 'manage.success.pending',
} as const;

/**
 * The success text after a change (identity §4 "Manage order"), where focus goes: marked for
 * arrival when the page is reached from the confirm page (ui/routing/arrival-focus.ts), focused
 * once the confirm modal has closed when the change was made here (decision 0039).
 */
export function SuccessNotice({ success, focus }: { success: ManageSuccess; focus: boolean }) {
  const t = useStrings(MANAGE_STRINGS);
  const { locale } = useSellerConfig();
  const ref = useRef<HTMLDivElement>(null);
  // after the confirm modal has given focus back to its opener (which may be gone now)
  useEffect(() => {
    if (focus) focusAfterClose(() => ref.current);
  }, [focus, success]);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className={styles.success}
      {...{ [ARRIVAL_FOCUS_ATTRIBUTE]: '' }}
    >
      <p>{t(TEXT[success.kind])}</p>
      {success.refund && (
        <p>
          {t('manage.success.refund', {
            amount: formatMoney(success.refund, success.currency, locale),
          })}
        </p>
      )}
    </div>
  );
}
