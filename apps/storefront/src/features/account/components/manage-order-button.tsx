import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { rememberOrderSecret } from '@/stores/order-secrets';
import { getManageLink } from '@/features/account/api/get-manage-link';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/**
 * "Log out and manage this order" (issue #25): a member may change an order only logged out
 * (identity §4, §6), so this asks the order's secret link, logs out, and lands on the order's
 * manage page with it.
 */
export function ManageOrderButton({ orderId }: { orderId: string }) {
  const t = useStrings(ACCOUNT_STRINGS);
  const navigate = useNavigate();
  const manage = useMutation({
    mutationFn: () => getManageLink(orderId),
    onSuccess: (secret) => {
      rememberOrderSecret(orderId, secret);
      const managePage = `/manage/${encodeURIComponent(orderId)}?secret=${encodeURIComponent(secret)}`;
      void navigate(`/logout?next=${encodeURIComponent(managePage)}`);
    },
  });
  return (
    <div className={styles.resend}>
      <Button variant="secondary" onClick={() => manage.mutate()} disabled={manage.isPending}>
        {t('account.order.manage')}
      </Button>
      {manage.isError && (
        <p role="alert" className={styles.error}>
          {t('account.read_error')}
        </p>
      )}
    </div>
  );
}
