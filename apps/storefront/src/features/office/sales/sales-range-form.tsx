import { useState, type FormEvent } from 'react';
import { Button, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { SALES_INTERVALS, type SalesInterval } from '@admit/contracts/office-reports';
import { useStrings } from '@/ui/text/use-strings';
import type { SalesQuery } from './get-office-sales';
import { SALES_STRINGS } from './strings';
import styles from './sales.module.css';

/**
 * The range and period length of the sales page; applied on submit. It stays mounted while the
 * page shows another range, so the focus stays on "Show" (a keyboard user's place); its fields
 * take the range the server answered (the page's default, or the one applied) when it changes.
 */
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
  const answered = `${initial.from}|${initial.to}|${initial.interval}`;
  const [shownFor, setShownFor] = useState(answered);
  if (shownFor !== answered) {
    setShownFor(answered);
    setFrom(initial.from);
    setTo(initial.to);
    setInterval(initial.interval);
  }
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
