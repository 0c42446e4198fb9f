import { useState } from 'react';
import { Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OFFICE_MOVE_SETTLEMENTS,
  type OfficeMoveSettlement,
  type OfficeOrder,
  type OrderMove,
} from '@admit/contracts/office-orders';
import type { SessionCapacity } from '@admit/contracts/office-capacity';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import formStyles from '@/ui/form.module.css';
import { ReasonForm } from '@/features/office/actions/reason-form';
import { sessionCapacityQuery } from '@/features/office/capacity/capacity-api';
import { venueDateOf } from '@/features/office/members/extend-date';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { moveOrderTickets, officeOrderQuery } from './api/office-orders';
import { minorToWire } from './money';
import { OFFICE_ORDERS_STRINGS } from './strings';

export interface MoveDialogProps {
  order: OfficeOrder;
  /** booked tickets of one event */
  tickets: string[];
  onClose: () => void;
}

/**
 * Moves tickets to another session of their event (decision 0094): a date, that day's sessions
 * of the event with the places left (the capacity page's read), how a dearer move is settled,
 * then the difference shown by a dry run before the move is confirmed with the reason.
 */
export function MoveDialog({ order, tickets, onClose }: MoveDialogProps) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const { timezone } = useSellerConfig();
  const queryClient = useQueryClient();
  const moved = order.tickets_detail.filter((x) => tickets.includes(x.id));
  const first = moved[0]!;
  const [date, setDate] = useState(
    first.session_start ? venueDateOf(first.session_start, timezone) : '',
  );
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [settle, setSettle] = useState<OfficeMoveSettlement>('waive');
  const [effect, setEffect] = useState<OrderMove | null>(null);
  const [missing, setMissing] = useState(false);
  const { error, isPending, run } = useOfficeAction(
    (input: { reason: string; dryRun: boolean }) =>
      moveOrderTickets(order.id, {
        tickets,
        event_session_id: sessionId!,
        settle,
        reason: input.reason,
        dry_run: input.dryRun,
      }),
    (answer) => {
      const [result] = answer.order_move._data;
      if (result && !result.applied) return setEffect(result);
      queryClient.setQueryData(officeOrderQuery(order.id).queryKey, {
        ticket_order: answer.ticket_order,
      });
      void queryClient.invalidateQueries({ queryKey: ['office', 'ticket_order', 'search'] });
      onClose();
    },
  );
  // any change asks for a fresh difference before the move
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setEffect(null);
    };
  const submit = (form: FormData) => {
    if (!sessionId) return setMissing(true);
    setMissing(false);
    run({ reason: String(form.get('reason') ?? '').trim(), dryRun: effect === null });
  };
  return (
    <Modal
      title={t('office.orders.move.title')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('office.orders.close')}
    >
      <ReasonForm
        error={missing ? t('office.orders.move.choose') : error}
        isPending={isPending}
        reasonLabel={t('office.orders.reason')}
        confirmLabel={effect ? t('office.orders.move.apply') : t('office.orders.move.preview')}
        minLength={3}
        autoFocusReason={false}
        onSubmit={submit}
      >
        <p>{t('office.orders.move.intro', { count: moved.length, event: first.event_name })}</p>
        <TextField
          value={date}
          onChange={edited(setDate)}
          isRequired
          autoFocus
          className={formStyles.field}
        >
          <Label>{t('office.orders.move.date')}</Label>
          <Input type="date" />
        </TextField>
        <SessionChoice
          date={date}
          eventId={first.event_template_id}
          current={new Set(moved.map((x) => x.event_session_id))}
          value={sessionId}
          onChange={edited(setSessionId)}
        />
        <RadioGroup
          value={settle}
          onChange={edited((v: string) => setSettle(v as OfficeMoveSettlement))}
        >
          <Label>{t('office.orders.move.settle')}</Label>
          {OFFICE_MOVE_SETTLEMENTS.map((s) => (
            <Radio key={s} value={s}>
              {t(`office.orders.move.settle.${s}`)}
            </Radio>
          ))}
        </RadioGroup>
        {effect && <MoveEffect effect={effect} />}
      </ReasonForm>
    </Modal>
  );
}

/** The day's sessions of the event, each with its places left; full, closed or current ones disabled. */
function SessionChoice(props: {
  date: string;
  eventId: string;
  current: Set<string | null>;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const when = useVenueTime();
  const { data = [] } = useQuery({
    ...sessionCapacityQuery(props.date),
    enabled: props.date !== '',
  });
  const sessions = data.filter((s) => s.event_template_id === props.eventId);
  const label = (s: SessionCapacity) => {
    const time = when(s.start_datetime);
    if (props.current.has(s.id)) return t('office.orders.move.current', { time });
    if (s.closed) return t('office.orders.move.closed', { time });
    if (s.capacity === null) return t('office.orders.move.unlimited', { time });
    return t('office.orders.move.places', { time, count: placesLeft(s) });
  };
  const unavailable = (s: SessionCapacity) =>
    props.current.has(s.id) || s.closed || (s.capacity !== null && placesLeft(s) === 0);
  return (
    <RadioGroup value={props.value} onChange={props.onChange} isRequired>
      <Label>{t('office.orders.move.session')}</Label>
      {sessions.length === 0 && <p>{t('office.orders.move.no-sessions')}</p>}
      {sessions.map((s) => (
        <Radio key={s.id} value={s.id} isDisabled={unavailable(s)}>
          {label(s)}
        </Radio>
      ))}
    </RadioGroup>
  );
}

const placesLeft = (s: SessionCapacity) =>
  Math.max(0, (s.capacity ?? 0) + s.oversell_capacity - s.used_capacity);

/** The dry run's answer: what the move does to the order's money. */
function MoveEffect({ effect }: { effect: OrderMove }) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const { currency, locale } = useSellerConfig();
  const money = (minor: number) => formatMoney(minorToWire(minor), currency, locale);
  return (
    <p role="status">
      {t('office.orders.move.effect', {
        difference: money(effect.difference),
        refund: money(effect.refund),
        waived: money(effect.waived),
        owed: money(effect.owed),
        before: money(effect.total_before),
        after: money(effect.total_after),
      })}
      {effect.add_ons.length > 0 &&
        ` ${
          effect.add_ons.length === 1
            ? t('office.orders.move.add-ons.one')
            : t('office.orders.move.add-ons.other', { count: effect.add_ons.length })
        }`}
    </p>
  );
}
