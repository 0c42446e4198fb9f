import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Checkbox, Input, Label, TextField } from 'react-aria-components';
import type { CapacityEffect } from '@admit/contracts/office-capacity';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { changeDate } from './capacity-api';
import { OFFICE_CAPACITY_STRINGS } from './strings';

/** Closing (or reopening) a whole date (decision 0089): the effect first, then applied. */
export function DateCloseDialog({
  date,
  onClose,
  onChanged,
}: {
  date: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useStrings(OFFICE_CAPACITY_STRINGS);
  const errorText = useOfficeErrorText();
  const [reopen, setReopen] = useState(false);
  const [reason, setReason] = useState('');
  const [effects, setEffects] = useState<CapacityEffect[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const dryRun = effects === null;
      const answer = await changeDate({ date, closed: !reopen, reason, dry_run: dryRun });
      if (dryRun) setEffects(answer);
      else onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  const sum = (key: 'held' | 'sold') => (effects ?? []).reduce((n, e) => n + e[key], 0);

  return (
    <Modal
      title={t('office.capacity.dialog-date', { date })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('office.capacity.cancel')}
    >
      <form onSubmit={(event) => void submit(event)}>
        <Checkbox
          isSelected={reopen}
          onChange={(value) => {
            setReopen(value);
            setEffects(null);
          }}
        >
          {t('office.capacity.reopen')}
        </Checkbox>
        <TextField className={formStyles.field} value={reason} onChange={setReason} isRequired>
          <Label>{t('office.capacity.reason')}</Label>
          <Input />
        </TextField>
        {effects && (
          <p role="status">
            {t('office.capacity.date-effect', {
              count: effects.length,
              held: sum('held'),
              sold: sum('sold'),
            })}
          </p>
        )}
        {error && <p role="alert">{error}</p>}
        <Button type="submit" className={buttonStyles.primary} isDisabled={reason.trim() === ''}>
          {effects ? t('office.capacity.apply') : t('office.capacity.preview')}
        </Button>
        <Button className={buttonStyles.secondary} onPress={onClose}>
          {t('office.capacity.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
