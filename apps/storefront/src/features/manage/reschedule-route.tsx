import { useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { ButtonLink } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { FailureAlert } from '@/features/manage/components/restart-alert';
import { EditExpiryDialogs } from '@/features/manage/components/edit-expiry-dialogs';
import { RescheduleForm } from '@/features/manage/components/reschedule-form';
import type { SessionChooserProps } from '@/features/manage/components/reschedule-form';
import { manageFailureOf } from '@/features/manage/model/manage-errors';
import type { ManageFailure } from '@/features/manage/model/manage-errors';
import {
  addOnsLeftBehind,
  isMovable,
  manageSessions,
  sessionNote,
} from '@/features/manage/model/manage-view';
import { useEditActions } from '@/features/manage/use-edit-actions';
import { useEditCountdown } from '@/features/manage/use-edit-countdown';
import { useManageLeaveGuard } from '@/features/manage/use-manage-leave-guard';
import { managePath, useManagedOrder } from '@/features/manage/use-managed-order';
import styles from '@/features/manage/manage.module.css';

export type { SessionChooserProps };

/**
 * /manage/{orderId}/reschedule/{sessionId} (identity §2, §4 "Reschedule"): another date and time
 * for the session's tickets, held in the order's edit (decision 0036), then back to the manage
 * page where Confirm Changes commits it. The date-first picker is the app's slot. Refused when
 * logged in (§4, §6); a session nothing of can move says why. The edit's expiry dialogs return
 * to /manage/{orderId} (identity §2 "Global dialogs").
 */
export function RescheduleRoute({
  SessionChooser,
}: {
  SessionChooser: ComponentType<SessionChooserProps>;
}) {
  const t = useStrings(MANAGE_STRINGS);
  usePageTitle(t('manage.reschedule.title'));
  const { orderId = '', sessionId = '' } = useParams();
  const navigate = useNavigate();
  const config = useSellerConfig();
  const { secret, order, editQuery, edit } = useManagedOrder(orderId);
  const actions = useEditActions(orderId, secret, editQuery.data);
  const [failure, setFailure] = useState<ManageFailure | null>(null);
  const unsaved = edit !== null && edit.kind !== 'none';
  const seconds = useEditCountdown(unsaved ? edit : null, editQuery.dataUpdatedAt);
  useManageLeaveGuard(orderId, unsaved);
  const manageTo = managePath(orderId, secret);
  const sessions = useMemo(
    () =>
      order.data
        ? manageSessions(order.data, editQuery.data ?? null, config.timezone, config.locale)
        : [],
    [order.data, editQuery.data, config.timezone, config.locale],
  );
  const session = sessions.find((s) => s.sessionId === sessionId);
  const leftBehind = session ? addOnsLeftBehind(sessions, session, config) : [];

  if (order.isPending || (order.data && editQuery.isPending)) {
    return <Loader label={t('manage.loading')} />;
  }
  const readFailure = order.isError || editQuery.isError;
  const shown = failure ?? (readFailure ? manageFailureOf(order.error ?? editQuery.error) : null);
  const movable = session?.editable ? session.tickets.filter(isMovable) : [];
  const note = session ? sessionNote(session) : null;
  return (
    <div className={styles.page}>
      <h1>{t('manage.reschedule.title')}</h1>
      {session && (
        <div>
          <h2>{session.eventName}</h2>
          <p>{t('manage.reschedule.current', { when: session.when ?? t('manage.any-date') })}</p>
        </div>
      )}
      {shown && <FailureAlert failure={shown} manageTo={manageTo} />}
      {!shown && movable.length > 0 && leftBehind.length > 0 && (
        <p role="status" className={styles.warning}>
          {t('manage.reschedule.add-ons-stay', {
            events: [...new Set(leftBehind.map((s) => s.eventName))].join(', '),
            date: leftBehind[0]!.date ?? '',
          })}
        </p>
      )}
      {!shown && session && movable.length > 0 && (
        <RescheduleForm
          session={session}
          SessionChooser={SessionChooser}
          manageTo={manageTo}
          busy={actions.change.isPending}
          onSubmit={(body) =>
            actions.change.mutate(body, {
              onSuccess: () => void navigate(manageTo),
              onError: (error) => setFailure(manageFailureOf(error)),
            })
          }
        />
      )}
      {!shown && movable.length === 0 && (
        <>
          <p role="status" className={styles.warning}>
            {t(
              note === 'too-close'
                ? 'manage.too-close'
                : note === 'contact'
                  ? 'manage.contact-to-reschedule'
                  : 'manage.reschedule.none',
            )}
          </p>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" to={manageTo}>
              {t('manage.reschedule.back')}
            </ButtonLink>
          </div>
        </>
      )}
      <EditExpiryDialogs
        edit={unsaved ? edit : null}
        seconds={seconds}
        onExtend={(expiresAt) => actions.extend.mutateAsync(expiresAt)}
        onBack={() => {
          void actions.restart();
          void navigate(manageTo);
        }}
      />
    </div>
  );
}
