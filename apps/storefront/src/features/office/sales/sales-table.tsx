import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { SalesFigures } from '@admit/contracts/office-reports';
import { useStrings } from '@/ui/text/use-strings';
import { SALES_STRINGS } from './strings';
import styles from './sales.module.css';

export interface SalesRow extends SalesFigures {
  id: string;
  name: string;
}

/** Figures by period or by event, ticket type or channel: the numbers beside each chart. */
export function SalesTable({
  label,
  nameColumn,
  rows,
  money,
}: {
  label: string;
  nameColumn: string;
  rows: SalesRow[];
  money: (minor: number) => string;
}) {
  const t = useStrings(SALES_STRINGS);
  return (
    <Table aria-label={label} className={styles.table}>
      <TableHeader>
        <Column isRowHeader>{nameColumn}</Column>
        <Column>{t('office.sales.col.revenue')}</Column>
        <Column>{t('office.sales.col.sales')}</Column>
        <Column>{t('office.sales.col.refunds')}</Column>
        <Column>{t('office.sales.col.donations')}</Column>
        <Column>{t('office.sales.col.tickets')}</Column>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <Row key={r.id} id={r.id}>
            <Cell>{r.name}</Cell>
            <Cell>{money(r.revenue)}</Cell>
            <Cell>{money(r.sales)}</Cell>
            <Cell>{money(r.refunds)}</Cell>
            <Cell>{money(r.donations)}</Cell>
            <Cell>{r.tickets}</Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  );
}
