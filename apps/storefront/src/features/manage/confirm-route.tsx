import { useMemo, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { OrderEditResponse } from '@admit/contracts/manage';
import type { PaymentEntry } from '@admit/contracts/checkout';
import type { PayEntry } from '@/api/checkout/pay-cart';
import { useSellerConfig } from '@/config/seller-config';
import { storefrontPath } from '@/config/router-base';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { payOrderEdit } from '@/features/manage/api/pay-order-edit';
import { orderEditQueryKey } from '@/features/manage/api/get-order-edit';
import { EditExpiryDialogs } from '@/features/manage/components/edit-expiry-dialogs';
import { EditSummary } from '@/features/manage/components/edit-summary';
import { FailureAlert } from '@/features/manage/components/restart-alert';
import { confirmStep } from '@/features/manage/model/confirm-changes';
import { isManageRefusal, manageFailureOf } from '@/features/manage/model/manage-errors';
import type { ManageFailure } from '@/features/manage/model/manage-errors';
import { editSuccess, successState } from '@/features/manage/model/manage-success';
import { useEditActions } from '@/features/manage/use-edit-actions';
import { useEditCountdown } from '@/features/manage/use-edit-countdown';
import { useManageLeaveGuard } from '@/features/manage/use-manage-leave-guard';
import { managePath, useManagedOrder } from '@/features/manage/use-managed-order';
import styles from '@/features/manage/manage.module.css';

/** How the confirm page pays the edit; the checkout screen's payer has this shape. */
export interface EditPayer {
  pay: PayEntry;
  cartQueryKey: readonly unknown[];
  returnUrl: string;
  onCompleted: (orderId: string) => void;
  onRefused: (error: unknown) => boolean;
  storePartial: (bundle: CartBundle) => void;
  onPending: () => void;
}

/** What the app plugs in: the checkout screen for a cart that belongs to an existing order. */
export interface EditPaymentScreenProps {
  bundle: CartBundle;
  summary: ReactNode;
  payer: EditPayer;
}

/**
 * /manage/{orderId}/confirm (identity §2: "the payment step when extra cost is due … confirm
 * reuses the checkout screen"): the app's checkout screen pays the edit's difference by card or
 * gift card through POST ticket_order/{id}/edit/pay, then returns to /manage/{orderId} with the
 * success text (§4 "Checkout result": "to /manage/{orderId} when paying an existing order").
 * §8's manage errors give the restart message; the expiry dialogs return to the manage page.
 */
export function ManageConfirmRoute({
  PaymentScreen,
}: {
  PaymentScreen: ComponentType<EditPaymentScreenProps>;
}) {
  const t = useStrings(MANAGE_STRINGS);
  usePageTitle(t('manage.title'));
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useSellerConfig();
  const { secret, editQuery, edit } = useManagedOrder(orderId);
  const actions = useEditActions(orderId, secret, editQuery.data);
  const [failure, setFailure] = useState<ManageFailure | null>(null);
  const unsaved = edit !== null && edit.kind !== 'none';
  const seconds = useEditCountdown(unsaved ? edit : null, editQuery.dataUpdatedAt);
  // the card's authentication page is part of paying: no browser warning for it
  useManageLeaveGuard(orderId, unsaved && failure === null, false);
  const manageTo = managePath(orderId, secret);
  const latest = useRef<OrderEditResponse | null>(null);
  latest.current = editQuery.data ?? latest.current;

  const payer = useMemo<EditPayer>(() => {
    const editKey = orderEditQueryKey(orderId, secret);
    const leave = (state: ReturnType<typeof successState>) => {
      void navigate(manageTo, { state });
      queryClient.setQueryData(editKey, null);
      void queryClient.invalidateQueries({ queryKey: ['ticket_order', orderId] });
    };
    return {
      pay: (entry: PaymentEntry, key: string) => payOrderEdit(orderId, secret, entry, key),
      cartQueryKey: editKey,
      returnUrl: storefrontPath(config, managePath(orderId, secret, '/confirm')),
      onCompleted: () => latest.current && leave(successState(editSuccess(latest.current))),
      onRefused: (error) => {
        if (!isManageRefusal(error)) return false;
        setFailure(manageFailureOf(error));
        return true;
      },
      storePartial: (bundle) =>
        queryClient.setQueryData<OrderEditResponse | null>(editKey, (old) =>
          old ? { ...old, ...bundle } : old,
        ),
      onPending: () => {
        const currency = latest.current?.cart_fees._data[0]?.currency_code ?? '';
        leave(successState({ kind: 'pending', refund: null, currency }));
      },
    };
  }, [config, manageTo, navigate, orderId, queryClient, secret]);

  if (editQuery.isPending) return <Loader label={t('manage.loading')} />;
  const bundle = editQuery.data;
  if (failure || editQuery.isError || !bundle || !unsaved) {
    const shown = failure ?? (editQuery.isError ? manageFailureOf(editQuery.error) : null);
    return (
      <div className={styles.page}>
        <h1>{t('manage.title')}</h1>
        <FailureAlert failure={shown ?? { kind: 'restart' }} manageTo={manageTo} />
      </div>
    );
  }
  // nothing to pay (or not payable by card): Confirm Changes is the manage page's
  if (confirmStep(bundle) !== 'pay') return <Navigate to={manageTo} replace />;
  return (
    <>
      <PaymentScreen bundle={bundle} summary={<EditSummary edit={bundle} />} payer={payer} />
      <EditExpiryDialogs
        edit={edit}
        seconds={seconds}
        onExtend={(expiresAt) => actions.extend.mutateAsync(expiresAt)}
        onBack={() => {
          void actions.restart();
          void navigate(manageTo);
        }}
      />
    </>
  );
}
