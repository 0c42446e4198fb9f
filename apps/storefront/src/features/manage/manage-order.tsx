import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { OrderEditResponse, OrderManageResponse } from '@admit/contracts/manage';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { ManageSessionCard } from '@/features/manage/components/manage-session-card';
import { ManageFooter } from '@/features/manage/components/manage-footer';
import { CancelConfirm } from '@/features/manage/components/cancel-confirm';
import { FailureAlert } from '@/features/manage/components/restart-alert';
import { SuccessNotice } from '@/features/manage/components/success-notice';
import { EditExpiryDialogs } from '@/features/manage/components/edit-expiry-dialogs';
import { confirmStep } from '@/features/manage/model/confirm-changes';
import { manageFailureOf } from '@/features/manage/model/manage-errors';
import type { ManageFailure } from '@/features/manage/model/manage-errors';
import { editSuccess, successOf } from '@/features/manage/model/manage-success';
import type { ManageSuccess } from '@/features/manage/model/manage-success';
import {
  cancelledIds,
  editOf,
  isSelectable,
  manageSessions,
  sessionsFollowingAdmission,
} from '@/features/manage/model/manage-view';
import { useEditActions } from '@/features/manage/use-edit-actions';
import { useEditCountdown } from '@/features/manage/use-edit-countdown';
import { useManageLeaveGuard } from '@/features/manage/use-manage-leave-guard';
import { useCancelPreview } from '@/features/manage/use-cancel-preview';
import { useOrderCancel } from '@/features/manage/use-order-cancel';
import { useTicketSelection } from '@/features/manage/use-ticket-selection';
import { managePath } from '@/features/manage/use-managed-order';
import styles from '@/features/manage/manage.module.css';

export interface ManageOrderProps {
  orderId: string;
  secret: string | null;
  order: OrderManageResponse;
  edit: OrderEditResponse | null;
  /** when the edit was read: its local expiry counts from then */
  editReadAt: number;
}

/**
 * The manage order screen (identity §2 "Manage order", §4 "Manage order"/"Ticket states"):
 * sessions with their tickets, prices, labels and actions; ticked tickets are cancelled in the
 * order's edit after a confirm modal, a session is rescheduled on its own page, and the footer's
 * Cancel discards the edit while Confirm Changes checks out free, goes to the payment step, or
 * says the amount cannot be paid. The cancel-order button cancels a free order at once.
 */
export function ManageOrder({ orderId, secret, order, edit, editReadAt }: ManageOrderProps) {
  const t = useStrings(MANAGE_STRINGS);
  const config = useSellerConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const row = editOf(edit);
  const sessions = useMemo(
    () => manageSessions(order, edit, config.timezone, config.locale),
    [order, edit, config.timezone, config.locale],
  );
  const following = sessionsFollowingAdmission(order, sessions, config);
  const facts = order.order_manage._data[0];
  const actions = useEditActions(orderId, secret, edit);
  const selection = useTicketSelection();
  const [dialog, setDialog] = useState<'tickets' | 'order' | null>(null);
  const [failure, setFailure] = useState<ManageFailure | null>(null);
  const [success, setSuccess] = useState<{ value: ManageSuccess; here: boolean } | null>(() => {
    const arrived = successOf(location.state);
    return arrived ? { value: arrived, here: false } : null;
  });
  const [unsupported, setUnsupported] = useState(false);
  const unsaved = row !== null && row.kind !== 'none';
  const seconds = useEditCountdown(unsaved ? row : null, editReadAt);
  useManageLeaveGuard(orderId, unsaved);
  const cancelNow = useOrderCancel(orderId, secret);
  // the edit's cancels and the ticked tickets: what leaves once the changes are confirmed, and
  // what the server's dry run counts the add-on tickets taken along from (decision 0098)
  const preview = useCancelPreview({
    orderId,
    secret,
    named:
      dialog === 'tickets'
        ? [...new Set([...(row?.cancelled_ticket_ids ?? []), ...selection.selected])]
        : null,
    askServer: following.size > 0,
    cancelledBefore: cancelledIds(order),
  });

  const fail = (error: unknown) => {
    setDialog(null);
    setSuccess(null);
    setFailure(manageFailureOf(error));
  };
  const restart = () => {
    setFailure(null);
    setSuccess(null);
    setUnsupported(false);
    selection.clear();
    void actions.restart();
    heading.current?.focus();
  };
  const busy =
    actions.change.isPending ||
    actions.discard.isPending ||
    actions.confirmFree.isPending ||
    cancelNow.isPending;

  const cancelTickets = () =>
    actions.change.mutate(
      { cancel: [...selection.selected] },
      {
        onSuccess: () => {
          selection.clear();
          setDialog(null);
          // a new change: the last one's success text no longer describes the page
          setSuccess(null);
        },
        onError: fail,
      },
    );
  const cancelOrder = () =>
    cancelNow.mutate(
      sessions.flatMap((s) => s.tickets.filter(isSelectable).map((ticket) => ticket.id)),
      {
        onSuccess: (done) => {
          setDialog(null);
          setSuccess({ value: done, here: true });
        },
        onError: fail,
      },
    );
  const confirmChanges = () => {
    if (!edit) return;
    setUnsupported(false);
    const step = confirmStep(edit);
    if (step === 'unsupported') return setUnsupported(true);
    if (step === 'pay') return void navigate(managePath(orderId, secret, '/confirm'));
    const done = editSuccess(edit);
    actions.confirmFree.mutate(undefined, {
      onSuccess: () => setSuccess({ value: done, here: true }),
      onError: fail,
    });
  };

  const number = order.ticket_order._data[0]?.order_number;
  const canCancel = sessions.some((s) => s.tickets.some(isSelectable));
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1}>
        {t('manage.title')}
      </h1>
      {number && <p>{t('manage.order', { number })}</p>}
      {success && <SuccessNotice success={success.value} focus={success.here} />}
      {failure && (
        <FailureAlert
          failure={failure}
          manageTo={managePath(orderId, secret)}
          onRestart={restart}
        />
      )}
      {sessions.map((session) => (
        <ManageSessionCard
          key={session.key}
          session={session}
          selected={selection.selected}
          onSelect={selection.toggle}
          onUndo={(id) => actions.change.mutate({ restore: [id] }, { onError: fail })}
          rescheduleTo={managePath(orderId, secret, `/reschedule/${session.sessionId ?? ''}`)}
          followsAdmission={following.has(session.key)}
          busy={busy}
        />
      ))}
      <div className={styles.actions}>
        {canCancel && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => selection.requireOne() && setDialog('tickets')}
          >
            {t('manage.cancel-selected')}
          </Button>
        )}
        {facts?.order_cancellable && !unsaved && (
          <Button variant="secondary" disabled={busy} onClick={() => setDialog('order')}>
            {t('manage.cancel-order')}
          </Button>
        )}
      </div>
      {selection.missing && (
        <p role="alert" className={styles.alert}>
          {t('manage.select-one')}
        </p>
      )}
      <CancelConfirm
        dialog={dialog}
        count={selection.selected.size}
        addOns={preview.addOns}
        checking={preview.checking}
        now={false}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={dialog === 'order' ? cancelOrder : cancelTickets}
      />
      {unsaved && edit && (
        <ManageFooter
          edit={edit}
          seconds={seconds}
          busy={busy}
          unsupported={unsupported}
          onCancel={() => actions.discard.mutate(undefined, { onError: fail })}
          onConfirm={confirmChanges}
        />
      )}
      <EditExpiryDialogs
        edit={unsaved ? row : null}
        seconds={seconds}
        onExtend={(expiresAt) => actions.extend.mutateAsync(expiresAt)}
        onBack={restart}
      />
    </div>
  );
}
