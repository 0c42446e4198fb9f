import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionCapacity } from '@admit/contracts/office-capacity';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { sessionCapacityQuery } from './capacity-api';
import { DateCloseDialog } from './date-close-dialog';
import { SessionChangeDialog } from './session-change-dialog';
import { OFFICE_CAPACITY_STRINGS } from './strings';

/** A date with its year's four digits typed (the field's value is YYYY-MM-DD or ''). */
const FULL_DATE = /^[1-9]\d{3}-\d\d-\d\d$/;

/** YYYY-MM-DD of the browser's today: only the date the page opens on, the server judges. */
const todayOf = (now: Date) => now.toLocaleDateString('sv-SE');

/**
 * The capacity page (issue #27 "Capacity", decision 0089): a day's sessions with held and sold
 * places; a session's capacity and closing, and closing the whole date, each previewed first.
 */
export function CapacityPage() {
  const t = useStrings(OFFICE_CAPACITY_STRINGS);
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayOf(new Date());
  // the field's own text while a date is typed: a browser reports an unfinished one as '' (and
  // a year as 0002, 0020, 0202 on its way to 2026), which the page must neither undo nor load
  const [typed, setTyped] = useState(date);
  const [typedFor, setTypedFor] = useState(date);
  if (typedFor !== date) {
    // another date came by the URL (back, a link): the field shows it
    setTypedFor(date);
    setTyped(date);
  }
  const sessions = useQuery(sessionCapacityQuery(date));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SessionCapacity | null>(null);
  const [closingDate, setClosingDate] = useState(false);
  const changed = () => {
    setEditing(null);
    setClosingDate(false);
    void queryClient.invalidateQueries({ queryKey: sessionCapacityQuery(date).queryKey });
  };
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

  return (
    <section>
      <h1>{t('office.capacity.title')}</h1>
      <TextField
        className={formStyles.field}
        type="date"
        value={typed}
        onChange={(value) => {
          setTyped(value);
          if (FULL_DATE.test(value)) setParams({ date: value });
        }}
      >
        <Label>{t('office.capacity.date')}</Label>
        <Input />
      </TextField>
      <Button className={buttonStyles.secondary} onPress={() => setClosingDate(true)}>
        {t('office.capacity.close-date')}
      </Button>
      {sessions.data?.length === 0 && <p>{t('office.capacity.none')}</p>}
      {sessions.data && sessions.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('office.capacity.event')}</th>
              <th scope="col">{t('office.capacity.start')}</th>
              <th scope="col">{t('office.capacity.capacity')}</th>
              <th scope="col">{t('office.capacity.held')}</th>
              <th scope="col">{t('office.capacity.sold')}</th>
              <th scope="col">{t('office.capacity.state')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.event_name}</th>
                <td>{time(s.start_datetime)}</td>
                <td>{s.capacity ?? t('office.capacity.unlimited')}</td>
                <td>{s.held}</td>
                <td>{s.sold}</td>
                <td>{s.closed ? t('office.capacity.closed') : t('office.capacity.open')}</td>
                <td>
                  <Button className={buttonStyles.secondary} onPress={() => setEditing(s)}>
                    {t('office.capacity.change')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <SessionChangeDialog
          session={editing}
          onClose={() => setEditing(null)}
          onChanged={changed}
        />
      )}
      {closingDate && (
        <DateCloseDialog date={date} onClose={() => setClosingDate(false)} onChanged={changed} />
      )}
    </section>
  );
}
