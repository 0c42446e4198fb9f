import { useId, useMemo, useState } from 'react';
import type { OrderManageResponse } from '@admit/contracts/manage';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { CancelConfirm } from '@/features/manage/components/cancel-confirm';
import { FailureAlert } from '@/features/manage/components/restart-alert';
import { SessionTickets } from '@/features/manage/components/session-tickets';
import { SuccessNotice } from '@/features/manage/components/success-notice';
import { manageFailureOf } from '@/features/manage/model/manage-errors';
import type { ManageFailure } from '@/features/manage/model/manage-errors';
import type { ManageSuccess } from '@/features/manage/model/manage-success';
import {
  cancelledIds,
  manageSessions,
  sessionsFollowingAdmission,
} from '@/features/manage/model/manage-view';
import type { ManageSession, ManageTicket } from '@/features/manage/model/manage-view';
import { useCancelPreview } from '@/features/manage/use-cancel-preview';
import { useOrderCancel } from '@/features/manage/use-order-cancel';
import { useTicketSelection } from '@/features/manage/use-ticket-selection';
import { managePath } from '@/features/manage/use-managed-order';
import styles from '@/features/manage/manage.module.css';

/** identity §5 "Free-order cancel": the tickets this screen may cancel (the server's answer). */
const isValid = (ticket: ManageTicket) => ticket.cancellable;

/** The valid tickets' sessions, grouped by the day they are on (identity §2 "by date and session"). */
function byDate(sessions: ManageSession[]) {
  const days = new Map<string, ManageSession[]>();
  for (const session of sessions) {
    if (!session.tickets.some(isValid)) continue;
    const day = session.date ?? '';
    days.set(day, [...(days.get(day) ?? []), session]);
  }
  return [...days];
}

function SessionGroup({
  session,
  selection,
  busy,
}: {
  session: ManageSession;
  selection: ReturnType<typeof useTicketSelection>;
  busy: boolean;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.session}>
      <h3 id={headingId}>
        {session.sessionId === null
          ? `${session.eventName}, ${t('manage.any-date')}`
          : session.time
            ? `${session.eventName}, ${session.time}`
            : session.eventName}
      </h3>
      <SessionTickets
        session={session}
        tickets={session.tickets.filter(isValid)}
        selectable={isValid}
        selected={selection.selected}
        onSelect={selection.toggle}
        isDisabled={busy}
      />
    </section>
  );
}

/**
 * The cancel free order screen (identity §2 "Cancel free order"; §5 free-order cancel and the
 * order-cancel condition): where the seller does not let buyers edit (decision 0039), an order's
 * free tickets grouped by date and session, with checkboxes and a select-all per session, and
 * buttons to cancel the selected tickets or the whole order — a confirm modal first, then
 * POST ticket_order/{id}/cancel at once. Nothing valid: §8's texts.
 */
export function CancelFreeOrder({
  orderId,
  secret,
  order,
}: {
  orderId: string;
  secret: string | null;
  order: OrderManageResponse;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const config = useSellerConfig();
  const sessions = useMemo(
    () => manageSessions(order, null, config.timezone, config.locale),
    [order, config.timezone, config.locale],
  );
  const selection = useTicketSelection();
  const cancel = useOrderCancel(orderId, secret);
  const [dialog, setDialog] = useState<'tickets' | 'order' | null>(null);
  const [failure, setFailure] = useState<ManageFailure | null>(null);
  const [success, setSuccess] = useState<ManageSuccess | null>(null);
  const preview = useCancelPreview({
    orderId,
    secret,
    named: dialog === 'tickets' ? [...selection.selected] : null,
    askServer: sessionsFollowingAdmission(order, sessions, config).size > 0,
    cancelledBefore: cancelledIds(order),
  });
  const valid = sessions.flatMap((s) => s.tickets.filter(isValid).map((ticket) => ticket.id));
  const days = byDate(sessions);
  // a paid ticket nobody may cancel online: the order is the seller's to cancel (§8)
  const paidLocked = sessions.some((s) =>
    s.tickets.some((ticket) => ticket.label === null && ticket.refusal === 'not_editable'),
  );

  const run = (ids: string[]) =>
    cancel.mutate(ids, {
      onSuccess: (done) => {
        selection.clear();
        setDialog(null);
        setFailure(null);
        setSuccess(done);
      },
      onError: (error) => {
        setDialog(null);
        setFailure(manageFailureOf(error));
      },
    });
  const number = order.ticket_order._data[0]?.order_number;
  return (
    <div className={styles.page}>
      <h1>{t('manage.free.title')}</h1>
      {number && <p>{t('manage.order', { number })}</p>}
      {success && <SuccessNotice success={success} focus />}
      {failure && <FailureAlert failure={failure} manageTo={managePath(orderId, secret)} />}
      {valid.length === 0 && !success && (
        <p role="status" className={styles.warning}>
          {t(paidLocked ? 'manage.contact-to-cancel' : 'manage.no-valid-tickets')}
        </p>
      )}
      {days.map(([day, daySessions]) => (
        <div key={day} className={styles.dateGroup}>
          <h2>{day || t('manage.any-date')}</h2>
          {daySessions.map((session) => (
            <SessionGroup
              key={session.key}
              session={session}
              selection={selection}
              busy={cancel.isPending}
            />
          ))}
        </div>
      ))}
      {valid.length > 0 && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={cancel.isPending}
            onClick={() => selection.requireOne() && setDialog('tickets')}
          >
            {t('manage.cancel-selected')}
          </Button>
          {order.order_manage._data[0]?.order_cancellable && (
            <Button disabled={cancel.isPending} onClick={() => setDialog('order')}>
              {t('manage.free.cancel-order')}
            </Button>
          )}
        </div>
      )}
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
        now
        busy={cancel.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => run(dialog === 'order' ? valid : [...selection.selected])}
      />
    </div>
  );
}
