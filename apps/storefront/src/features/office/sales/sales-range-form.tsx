import { useState, type FormEvent } from 'react';
import { Button, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { SALES_INTERVALS, type SalesInterval } from '@admit/contracts/office-reports';
import { useStrings } from '@/ui/text/use-strings';
import type { SalesQuery } from './get-office-sales';
import { SALES_STRINGS } from './strings';
import styles from './sales.module.css';

/** The range and period length of the sales page; applied on submit. */
export function SalesRangeForm({
  initial,
  onApply,
}: {
  initial: Required<SalesQuery>;
  onApply: (q: Required<SalesQuery>) => void;
}) {
  const t = useStrings(SALES_STRINGS);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [interval, setInterval] = useState<SalesInterval>(initial.interval);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ from, to, interval });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('office.sales.range')}>
      <TextField value={from} onChange={setFrom} isRequired className={styles.field}>
        <Label>{t('office.sales.from')}</Label>
        <Input type="date" />
      </TextField>
      <TextField value={to} onChange={setTo} isRequired className={styles.field}>
        <Label>{t('office.sales.to')}</Label>
        <Input type="date" />
      </TextField>
      <RadioGroup
        value={interval}
        onChange={(v) => setInterval(v as SalesInterval)}
        orientation="horizontal"
        className={styles.intervals}
      >
        <Label>{t('office.sales.interval')}</Label>
        {SALES_INTERVALS.map((i) => (
          <Radio key={i} value={i} className={styles.interval}>
            {t(`office.sales.interval.${i}`)}
          </Radio>
        ))}
      </RadioGroup>
      <Button type="submit">{t('office.sales.show')}</Button>
    </form>
  );
}
