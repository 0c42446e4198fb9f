import { useParams } from 'react-router';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { FailureAlert } from '@/features/manage/components/restart-alert';
import { manageFailureOf } from '@/features/manage/model/manage-errors';
import { CancelFreeOrder } from '@/features/manage/cancel-free-order';
import { ManageOrder } from '@/features/manage/manage-order';
import { managePath, useManagedOrder } from '@/features/manage/use-managed-order';
import styles from '@/features/manage/manage.module.css';

/**
 * /manage/{id}[?secret=] (identity §2: "Always present; uses a different screen when the
 * reschedule feature check is on"). The check is the seller's self-edit rules as the secret
 * link's holder gets them (the server's `order_manage.editable`, decision 0039): on, the manage
 * order screen; off, the cancel free order screen. No secret: 'We could not find that order.';
 * logged in: 'Please log-out to edit your tickets' (§6, §8).
 */
export function ManageRoute() {
  const t = useStrings(MANAGE_STRINGS);
  usePageTitle(t('manage.title'));
  const { id = '' } = useParams();
  const { secret, order, editQuery } = useManagedOrder(id);
  if (order.isPending || (order.data && editQuery.isPending)) {
    return <Loader label={t('manage.loading')} />;
  }
  if (order.isError || editQuery.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('manage.title')}</h1>
        <FailureAlert
          failure={manageFailureOf(order.error ?? editQuery.error)}
          manageTo={managePath(id, secret)}
        />
      </div>
    );
  }
  const bundle = order.data;
  if (!bundle.order_manage._data[0]?.editable) {
    return <CancelFreeOrder orderId={id} secret={secret} order={bundle} />;
  }
  return (
    <ManageOrder
      orderId={id}
      secret={secret}
      order={bundle}
      edit={editQuery.data ?? null}
      editReadAt={editQuery.dataUpdatedAt}
    />
  );
}
