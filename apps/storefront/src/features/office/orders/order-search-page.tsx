import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OFFICE_ORDER_PAGE_SIZE } from '@admit/contracts/office-orders';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import { useStrings } from '@/ui/text/use-strings';
import { Loader } from '@/ui/loader';
import { Price } from '@/ui/price';
import { officePath } from '@/features/office/shell/office-routes';
import { orderSearchQuery, type OrderSearch } from '@/features/office/orders/api/office-orders';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';
import { minorToWire } from '@/features/office/orders/money';
import { EventPicker } from '@/features/office/orders/event-picker';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';

const FIELDS = ['order_number', 'email', 'name', 'card_last4', 'date'] as const;

/** The order search: any of the fields, newest first, a page at a time. */
export function OrderSearchPage() {
  const when = useVenueTime();
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const errorText = useOfficeErrorText();
  const [search, setSearch] = useState<OrderSearch>({});
  const [eventId, setEventId] = useState<string | null>(null);
  const { data, isLoading, error } = useQuery({
    ...orderSearchQuery(search),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: OrderSearch = {};
    for (const field of FIELDS) {
      const value = String(form.get(field) ?? '').trim();
      if (value) next[field] = value;
    }
    if (eventId) next.event_template_id = eventId;
    setSearch(next);
  };
  const page = data?.ticket_order;
  const offset = search._offset ?? 0;
  return (
    <section>
      <h1>{t('office.orders.title')}</h1>
      <Form className={formStyles.form} onSubmit={submit} role="search">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            type={field === 'date' ? 'date' : 'text'}
            className={formStyles.field}
          >
            <Label>{t(`office.orders.field.${field}`)}</Label>
            <Input />
          </TextField>
        ))}
        <EventPicker selected={eventId} onChange={setEventId} />
        <Button type="submit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('office.orders.search')}
        </Button>
      </Form>
      {isLoading && <Loader label={t('office.orders.search')} />}
      {error && <p role="alert">{errorText(error)}</p>}
      {page && (
        <>
          <p role="status">
            {page._total === 0
              ? t('office.orders.none')
              : t('office.orders.results', { count: page._count, total: page._total })}
          </p>
          {page._count > 0 && (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('office.orders.col.number')}</th>
                  <th scope="col">{t('office.orders.col.buyer')}</th>
                  <th scope="col">{t('office.orders.col.placed')}</th>
                  <th scope="col">{t('office.orders.col.tickets')}</th>
                  <th scope="col">{t('office.orders.col.total')}</th>
                </tr>
              </thead>
              <tbody>
                {page._data.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={officePath(`orders/${order.id}`)}>{order.order_number}</Link>
                    </td>
                    <td>{[order.name, order.email].filter(Boolean).join(' · ')}</td>
                    <td>{when(order.created_at)}</td>
                    <td>
                      {order.live_tickets} / {order.tickets}
                    </td>
                    <td>
                      <Price amount={minorToWire(order.total)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Button
            isDisabled={offset === 0}
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onPress={() =>
              setSearch({ ...search, _offset: Math.max(0, offset - OFFICE_ORDER_PAGE_SIZE) })
            }
          >
            {t('office.orders.previous')}
          </Button>
          <Button
            isDisabled={offset + page._count >= page._total}
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onPress={() => setSearch({ ...search, _offset: offset + OFFICE_ORDER_PAGE_SIZE })}
          >
            {t('office.orders.next')}
          </Button>
        </>
      )}
    </section>
  );
}
