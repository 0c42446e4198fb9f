import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import { useStrings } from '@/ui/text/use-strings';
import { Loader } from '@/ui/loader';
import { officePath } from '@/features/office/shell/office-routes';
import { officeOrderQuery, type OrderAction } from '@/features/office/orders/api/office-orders';
import { ActionDialog } from '@/features/office/orders/action-dialog';
import { MoveDialog } from '@/features/office/orders/move-dialog';
import { minorToWire } from '@/features/office/orders/money';
import { OrderRecords } from '@/features/office/orders/order-records';
import { TicketList } from '@/features/office/orders/ticket-list';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';
import buttonStyles from '@/ui/button.module.css';

type Open = {
  title: string;
  consequence: string;
  action: (reason: string) => OrderAction;
  isNote?: boolean;
};

/** One order for the box office: its tickets to select, the actions, and its records. */
export function OrderPage() {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const errorText = useOfficeErrorText();
  const { orderId = '' } = useParams();
  const { data, error, isLoading } = useQuery(officeOrderQuery(orderId));
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<Open | null>(null);
  const [moving, setMoving] = useState(false);
  const { currency, locale } = useSellerConfig();
  if (isLoading) return <Loader label={t('office.orders.title')} />;
  if (error) return <p role="alert">{errorText(error)}</p>;
  const order = data?.ticket_order._data[0];
  if (!order) return null;
  const bookedSelected = selected.filter((id) =>
    order.tickets_detail.some((x) => x.id === id && x.state === 'booked'),
  );
  const button = `${buttonStyles.button} ${buttonStyles.secondary}`;
  // a move goes to another session of one event: the selected tickets must share it
  const events = new Set(
    order.tickets_detail
      .filter((x) => bookedSelected.includes(x.id))
      .map((x) => x.event_template_id),
  );
  return (
    <section>
      <p>
        <Link to={officePath('orders')}>{t('office.orders.back')}</Link>
      </p>
      <h1>{t('office.orders.order', { number: order.order_number })}</h1>
      <p>{[order.name, order.email].filter(Boolean).join(' · ')}</p>
      <p>
        {t('office.orders.paid', {
          paid: formatMoney(minorToWire(order.paid), currency, locale),
          refunded: formatMoney(minorToWire(order.refunded), currency, locale),
        })}
      </p>
      <h2>{t('office.orders.tickets')}</h2>
      <TicketList order={order} selected={selected} onSelect={setSelected} />
      <div role="group" aria-label={t('office.orders.title')}>
        <Button
          className={button}
          isDisabled={bookedSelected.length === 0}
          onPress={() =>
            setOpen({
              title: t('office.orders.action.cancel'),
              consequence: t('office.orders.confirm.cancel', { count: bookedSelected.length }),
              action: (reason) => ({ kind: 'cancel', tickets: bookedSelected, reason }),
            })
          }
        >
          {t('office.orders.action.cancel')}
        </Button>
        <Button
          className={button}
          isDisabled={bookedSelected.length === 0 || events.size !== 1}
          onPress={() => setMoving(true)}
        >
          {t('office.orders.action.move')}
        </Button>
        <Button
          className={button}
          isDisabled={bookedSelected.length !== 1}
          onPress={() =>
            setOpen({
              title: t('office.orders.action.reissue'),
              consequence: t('office.orders.confirm.reissue'),
              action: (reason) => ({ kind: 'reissue_code', ticket_id: bookedSelected[0]!, reason }),
            })
          }
        >
          {t('office.orders.action.reissue')}
        </Button>
        <Button
          className={button}
          onPress={() =>
            setOpen({
              title: t('office.orders.action.resend'),
              consequence: t('office.orders.confirm.resend'),
              action: (reason) => ({ kind: 'resend', reason }),
            })
          }
        >
          {t('office.orders.action.resend')}
        </Button>
        <Button
          className={button}
          onPress={() =>
            setOpen({
              title: t('office.orders.action.note'),
              consequence: t('office.orders.confirm.note'),
              action: (note) => ({ kind: 'note', note }),
              isNote: true,
            })
          }
        >
          {t('office.orders.action.note')}
        </Button>
      </div>
      {open && (
        <ActionDialog
          orderId={order.id}
          {...open}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) {
              setOpen(null);
              setSelected([]);
            }
          }}
        />
      )}
      {moving && (
        <MoveDialog
          order={order}
          tickets={bookedSelected}
          onClose={() => {
            setMoving(false);
            setSelected([]);
          }}
        />
      )}
      <OrderRecords order={order} />
    </section>
  );
}
