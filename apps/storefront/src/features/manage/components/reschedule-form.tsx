import { useId, useState } from 'react';
import type { ComponentType } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import type { OrderEditBody } from '@admit/contracts/manage';
import { formatMoney } from '@admit/contracts/money';
import { useEvent } from '@/api/events/get-event';
import { toEventDetail } from '@/api/events/event-detail';
import { useSellerConfig } from '@/config/seller-config';
import { Button, ButtonLink } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { MANAGE_STRINGS } from '@/features/manage/strings';
import { Check } from '@/ui/check';
import { isMovable } from '@/features/manage/model/manage-view';
import type { ManageSession } from '@/features/manage/model/manage-view';
import { isDearer, priceAt, rescheduleBody } from '@/features/manage/model/reschedule';
import type { MoveLine, RescheduleChoice } from '@/features/manage/model/reschedule';
import styles from '@/features/manage/manage.module.css';

/** What the app plugs in to choose the new date and time (the reserve feature's date-first picker). */
export interface SessionChooserProps {
  eventId: string;
  ticketGroupIds: readonly string[];
  currentSessionId: string;
  places: number;
  onChange: (choice: RescheduleChoice | null) => void;
}

/**
 * The reschedule form (identity §2 /manage/{orderId}/reschedule/{sessionId}, §4 "Reschedule"):
 * which tickets of the session move (all by default), the new date and time with the date-first
 * picker, each ticket's type at the new time, priced at the chosen session (its price schedule:
 * a session may cost more, decision 0043, and so may another type, decision 0036), and the
 * warning when the new time costs more.
 */
export function RescheduleForm({
  session,
  SessionChooser,
  manageTo,
  busy,
  onSubmit,
}: {
  session: ManageSession;
  SessionChooser: ComponentType<SessionChooserProps>;
  manageTo: string;
  busy: boolean;
  onSubmit: (body: OrderEditBody) => void;
}) {
  const t = useStrings(MANAGE_STRINGS);
  const { currency, locale } = useSellerConfig();
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const movable = session.tickets.filter(isMovable);
  const [moving, setMoving] = useState<string[]>(() => movable.map((ticket) => ticket.id));
  const [types, setTypes] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<RescheduleChoice | null>(null);
  const [issue, setIssue] = useState<
    'manage.select-one' | 'manage.reschedule.choose-session' | null
  >(null);
  const idPrefix = useId();
  const event = useEvent(session.eventId);
  const detail = event.data ? toEventDetail(event.data) : null;
  const lines: MoveLine[] = movable
    .filter((ticket) => moving.includes(ticket.id))
    .map((ticket) => ({ ticket, typeId: types[ticket.id] ?? ticket.typeId }));
  const groupIds = [...new Set(movable.map((ticket) => ticket.groupId))];

  /** The types a ticket may become at the chosen time: its group's types priced there. */
  const optionsFor = (line: MoveLine) => {
    const group = detail?.ticketGroups.find((g) => g.ticketGroup.id === line.ticket.groupId);
    const priced = (group?.ticketTypes ?? []).filter(
      (type) => type.available && choice?.prices[type.id] !== undefined,
    );
    const own = priced.some((type) => type.id === line.ticket.typeId)
      ? []
      : [{ id: line.ticket.typeId, name: line.ticket.typeName }];
    return [...own, ...priced];
  };

  const submit = () => {
    if (lines.length === 0) return setIssue('manage.select-one');
    if (!choice) return setIssue('manage.reschedule.choose-session');
    setIssue(null);
    onSubmit(rescheduleBody(lines, choice.sessionId));
  };

  return (
    <form
      noValidate
      className={styles.fieldset}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <CheckboxGroup
        className={styles.fieldset}
        value={moving}
        onChange={(ids) => {
          setIssue(null);
          setMoving(ids);
        }}
        isDisabled={busy}
      >
        <Label className={styles.legend}>{t('manage.reschedule.tickets')}</Label>
        {movable.map((ticket, index) => (
          <Check key={ticket.id} value={ticket.id}>
            {t('manage.ticket', {
              n: index + 1,
              type: ticket.typeName,
              price: money(ticket.price),
            })}
          </Check>
        ))}
      </CheckboxGroup>
      <SessionChooser
        eventId={session.eventId}
        ticketGroupIds={groupIds}
        currentSessionId={session.sessionId ?? ''}
        places={Math.max(lines.length, 1)}
        onChange={(next) => {
          setIssue(null);
          setChoice(next);
        }}
      />
      {choice &&
        lines.map((line) => {
          const n = movable.indexOf(line.ticket) + 1;
          const id = `${idPrefix}-type-${n}`;
          return (
            <div key={line.ticket.id} className={styles.field}>
              <label htmlFor={id}>{t('manage.reschedule.type', { n })}</label>
              <select
                id={id}
                value={line.typeId}
                disabled={busy}
                onChange={(e) => setTypes({ ...types, [line.ticket.id]: e.target.value })}
              >
                {optionsFor(line).map((type) => (
                  <option key={type.id} value={type.id}>
                    {t('manage.reschedule.type-option', {
                      type: type.name,
                      price: money(priceAt({ ...line, typeId: type.id }, choice)),
                    })}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      {isDearer(lines, choice) && (
        <p role="status" className={styles.warning}>
          {t('manage.reschedule.dearer')}
        </p>
      )}
      {issue && (
        <p role="alert" className={styles.alert}>
          {t(issue)}
        </p>
      )}
      <div className={styles.actions}>
        <ButtonLink variant="secondary" to={manageTo}>
          {t('manage.reschedule.back')}
        </ButtonLink>
        <Button type="submit" disabled={busy}>
          {busy ? t('manage.working') : t('manage.reschedule.submit')}
        </Button>
      </div>
    </form>
  );
}
