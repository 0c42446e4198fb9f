import { useMutation } from '@tanstack/react-query';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { resendOrders } from '@/features/account/api/resend-order';
import type { AccountStringKey } from '@/features/account/strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

export interface ResendButtonProps {
  orderIds: string[];
  labelKey: AccountStringKey;
  successKey: AccountStringKey;
}

/**
 * 'Resend my order' / 'Resend my tickets' (identity §2): POST ticket_order/{id}/email for each
 * order, then the spec's success text in a status line.
 */
export function ResendButton({ orderIds, labelKey, successKey }: ResendButtonProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const resend = useMutation({ mutationFn: () => resendOrders(orderIds) });
  return (
    <div className={styles.resend}>
      <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? t('account.sending') : t(labelKey)}
      </Button>
      {resend.isSuccess && <p role="status">{t(successKey)}</p>}
      {resend.isError && (
        <p role="alert" className={styles.error}>
          {t('account.read_error')}
        </p>
      )}
    </div>
  );
}
