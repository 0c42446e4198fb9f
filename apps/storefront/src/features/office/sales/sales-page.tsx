import { useState } from 'react';
import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import { SALES_DIMENSIONS, type OfficeSalesResponse } from '@admit/contracts/office-reports';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { BarChart } from '@/features/office/charts/bar-chart';
import { salesExportHref, useOfficeSales, type SalesQuery } from './get-office-sales';
import { SalesRangeForm } from './sales-range-form';
import { SalesTable } from './sales-table';
import { SALES_STRINGS } from './strings';
import styles from './sales.module.css';

/**
 * The office's sales page (issue #27 "Sales", decision 0088), for owners and the box office:
 * revenue and refunds by period as a chart with its table, the breakdowns by event, ticket type and
 * channel, and the CSV of the same entries. The server owns the zone and the sums.
 */
export function SalesPage() {
  const t = useStrings(SALES_STRINGS);
  const [query, setQuery] = useState<SalesQuery>({});
  const sales = useOfficeSales(query);
  const range = sales.data?.sales_range._data[0];
  return (
    <div className={styles.page}>
      <h1>{t('office.sales.title')}</h1>
      {range && (
        <SalesRangeForm
          initial={{ from: range.from, to: range.to, interval: range.interval }}
          onApply={setQuery}
        />
      )}
      {sales.isPending && <p role="status">{t('office.sales.loading')}</p>}
      {sales.isError && <p role="alert">{t('office.sales.failed')}</p>}
      {sales.data && <SalesReport data={sales.data} query={query} />}
    </div>
  );
}

function SalesReport({ data, query }: { data: OfficeSalesResponse; query: SalesQuery }) {
  const t = useStrings(SALES_STRINGS);
  const { locale } = useSellerConfig();
  const range = data.sales_range._data[0]!;
  const money = (minor: number) => formatMoney(minorToDecimal(minor), range.currency, locale);
  const periods = data.sales_period._data;
  const interval = t(`office.sales.interval.${range.interval}`);
  return (
    <>
      <p>
        {t('office.sales.zone', { timezone: range.timezone })}{' '}
        <a href={salesExportHref(query)} download>
          {t('office.sales.export')}
        </a>
      </p>
      <section aria-labelledby="office-sales-totals">
        <h2 id="office-sales-totals">{t('office.sales.totals')}</h2>
        <SalesTable
          label={t('office.sales.totals')}
          nameColumn={t('office.sales.range')}
          rows={[{ ...range, id: 'range', name: `${range.from} – ${range.to}` }]}
          money={money}
        />
      </section>
      <section aria-labelledby="office-sales-periods">
        <h2 id="office-sales-periods">{t('office.sales.periods')}</h2>
        <BarChart
          title={t('office.sales.chart', { interval: interval.toLowerCase() })}
          summary={t('office.sales.chart.summary')}
          categories={periods.map((p) => p.period)}
          values={periods.map((p) => p.revenue)}
          valueLabel={t('office.sales.chart.bars')}
          beside={{
            label: t('office.sales.chart.refunds'),
            values: periods.map((p) => p.refunds),
          }}
          formatValue={money}
        />
        <SalesTable
          label={t('office.sales.periods')}
          nameColumn={t('office.sales.col.period')}
          rows={periods.map((p) => ({ ...p, id: p.period, name: p.period }))}
          money={money}
        />
      </section>
      {SALES_DIMENSIONS.map((dimension) => (
        <section key={dimension} aria-labelledby={`office-sales-${dimension}`}>
          <h2 id={`office-sales-${dimension}`}>{t(`office.sales.by.${dimension}`)}</h2>
          <SalesTable
            label={t(`office.sales.by.${dimension}`)}
            nameColumn={t('office.sales.col.name')}
            rows={data.sales_breakdown._data
              .filter((r) => r.dimension === dimension)
              .map((r) => ({ ...r, id: r.key, name: r.label }))}
            money={money}
          />
        </section>
      ))}
    </>
  );
}
