import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Checkbox, Input, Label, TextField } from 'react-aria-components';
import type { CapacityEffect, SessionCapacity } from '@admit/contracts/office-capacity';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { changeSession } from './capacity-api';
import { OFFICE_CAPACITY_STRINGS } from './strings';

/**
 * A session's capacity and closed flag (decision 0089): the effect on held and sold tickets is
 * shown first (a dry run), then applied with a required reason; a capacity below the places
 * taken needs its own confirmation, as the API asks.
 */
export function SessionChangeDialog({
  session,
  onClose,
  onChanged,
}: {
  session: SessionCapacity;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useStrings(OFFICE_CAPACITY_STRINGS);
  const errorText = useOfficeErrorText();
  const [capacity, setCapacity] = useState(
    session.capacity === null ? '' : String(session.capacity),
  );
  const [closed, setClosed] = useState(session.closed);
  const [reason, setReason] = useState('');
  const [belowTaken, setBelowTaken] = useState(false);
  const [effect, setEffect] = useState<CapacityEffect | null>(null);
  const [error, setError] = useState<string | null>(null);

  const body = (dryRun: boolean) => ({
    capacity: capacity.trim() === '' ? null : Number(capacity),
    closed,
    reason,
    dry_run: dryRun,
    ...(belowTaken ? { below_taken: true } : {}),
  });
  const run = async (dryRun: boolean) => {
    setError(null);
    try {
      const [answer] = await changeSession(session.id, body(dryRun));
      if (dryRun) setEffect(answer ?? null);
      else onChanged();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(effect === null);
  };
  // any change to the form asks for a fresh preview before applying
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setEffect(null);
    };

  return (
    <Modal
      title={`${t('office.capacity.dialog')}: ${session.event_name}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('office.capacity.cancel')}
    >
      <form onSubmit={submit}>
        <TextField
          className={formStyles.field}
          value={capacity}
          onChange={edited(setCapacity)}
          inputMode="numeric"
        >
          <Label>{t('office.capacity.new-capacity')}</Label>
          <Input />
        </TextField>
        <Checkbox isSelected={closed} onChange={edited(setClosed)}>
          {t('office.capacity.close-session')}
        </Checkbox>
        <TextField className={formStyles.field} value={reason} onChange={setReason} isRequired>
          <Label>{t('office.capacity.reason')}</Label>
          <Input />
        </TextField>
        {effect && (
          <div role="status">
            <p>
              {t('office.capacity.effect', {
                held: effect.held,
                sold: effect.sold,
                available: effect.available_after ?? t('office.capacity.unlimited'),
              })}
            </p>
            {effect.over_by > 0 && (
              <>
                <p>{t('office.capacity.over', { over: effect.over_by })}</p>
                <Checkbox isSelected={belowTaken} onChange={setBelowTaken}>
                  {t('office.capacity.confirm-over')}
                </Checkbox>
              </>
            )}
          </div>
        )}
        {error && <p role="alert">{error}</p>}
        <Button type="submit" className={buttonStyles.primary} isDisabled={reason.trim() === ''}>
          {effect ? t('office.capacity.apply') : t('office.capacity.preview')}
        </Button>
        <Button className={buttonStyles.secondary} onPress={onClose}>
          {t('office.capacity.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
