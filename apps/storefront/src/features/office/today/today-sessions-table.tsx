import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { TodaySession } from '@admit/contracts/office-reports';
import { useStrings } from '@/ui/text/use-strings';
import { TODAY_STRINGS } from './strings';
import styles from './today.module.css';

/** Today's sessions with their figures, and a total row (decision 0088). */
export function TodaySessionsTable({
  sessions,
  timeOf,
}: {
  sessions: TodaySession[];
  timeOf: (iso: string) => string;
}) {
  const t = useStrings(TODAY_STRINGS);
  const sum = (pick: (s: TodaySession) => number) => sessions.reduce((n, s) => n + pick(s), 0);
  const unlimited = sessions.some((s) => s.capacity === null);
  const capacity = (value: number | null) =>
    value === null ? t('office.today.unlimited') : String(value);
  return (
    <Table aria-label={t('office.today.sessions')} className={styles.table}>
      <TableHeader>
        <Column isRowHeader>{t('office.today.col.time')}</Column>
        <Column>{t('office.today.col.event')}</Column>
        <Column>{t('office.today.col.capacity')}</Column>
        <Column>{t('office.today.col.sold')}</Column>
        <Column>{t('office.today.col.checked_in')}</Column>
        <Column>{t('office.today.col.due')}</Column>
      </TableHeader>
      <TableBody>
        {sessions.map((s) => (
          <Row key={s.id} id={s.id}>
            <Cell>{timeOf(s.start_datetime)}</Cell>
            <Cell>{s.event_name}</Cell>
            <Cell>{capacity(s.capacity)}</Cell>
            <Cell>{s.sold}</Cell>
            <Cell>{s.checked_in}</Cell>
            <Cell>{s.due}</Cell>
          </Row>
        ))}
        <Row id="total" className={styles.total}>
          <Cell>{t('office.today.total')}</Cell>
          <Cell>{''}</Cell>
          <Cell>{capacity(unlimited ? null : sum((s) => s.capacity ?? 0))}</Cell>
          <Cell>{sum((s) => s.sold)}</Cell>
          <Cell>{sum((s) => s.checked_in)}</Cell>
          <Cell>{sum((s) => s.due)}</Cell>
        </Row>
      </TableBody>
    </Table>
  );
}
