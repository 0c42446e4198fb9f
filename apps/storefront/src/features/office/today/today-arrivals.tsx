import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { ArrivalHour } from '@admit/contracts/office-reports';
import { useStrings } from '@/ui/text/use-strings';
import { BarChart } from '@/features/office/charts/bar-chart';
import { TODAY_STRINGS } from './strings';
import styles from './today.module.css';

/** The day's arrivals by venue hour against capacity: the chart, and the table with the figures. */
export function TodayArrivals({ hours }: { hours: ArrivalHour[] }) {
  const t = useStrings(TODAY_STRINGS);
  if (hours.length === 0) return null;
  return (
    <section aria-labelledby="office-today-arrivals">
      <h2 id="office-today-arrivals">{t('office.today.arrivals')}</h2>
      <BarChart
        title={t('office.today.arrivals')}
        summary={t('office.today.arrivals.summary')}
        categories={hours.map((h) => h.hour)}
        values={hours.map((h) => h.arrivals)}
        valueLabel={t('office.today.arrivals.bars')}
        reference={{
          label: t('office.today.arrivals.line'),
          values: hours.map((h) => h.capacity),
        }}
      />
      <Table aria-label={t('office.today.arrivals')} className={styles.table}>
        <TableHeader>
          <Column isRowHeader>{t('office.today.col.hour')}</Column>
          <Column>{t('office.today.col.arrivals')}</Column>
          <Column>{t('office.today.col.expected')}</Column>
          <Column>{t('office.today.col.hour_capacity')}</Column>
        </TableHeader>
        <TableBody>
          {hours.map((h) => (
            <Row key={h.start} id={h.start}>
              <Cell>{h.hour}</Cell>
              <Cell>{h.arrivals}</Cell>
              <Cell>{h.expected}</Cell>
              <Cell>{h.capacity}</Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
