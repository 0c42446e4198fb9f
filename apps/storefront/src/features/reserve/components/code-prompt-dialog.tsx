import { useState } from 'react';
import { PROMO_CODE_MAX, PROMO_CODE_MIN } from '@admit/contracts/constants';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

/** A code a checkout rule asks for, and the entered code's own refusal, if any. */
export interface CodePrompt {
  description: string;
  /** the entered code's own refusal (code_not_found, code_exhausted, no_code_benefit) */
  error: string | null;
}

export interface CodePromptDialogProps {
  prompt: CodePrompt;
  isSubmitting: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/**
 * spec: shopping §8 — a reserve that a checkout rule blocks (`code_required`) asks for a code:
 * the rule's description, a "Code" field (promo code 2–35 characters, §5), and the reserve sent
 * again with it. The code's own refusals (not found, used up, no benefit) show here. Every
 * reserve form shows it: the membership form, and the others through the reserve error slot.
 */
export function CodePromptDialog({
  prompt,
  isSubmitting,
  onSubmit,
  onCancel,
}: CodePromptDialogProps) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  const errorId = 'reserve-code-error';
  return (
    <Modal
      title={t('reserve.membership.code_title')}
      isOpen
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      closeLabel={t('reserve.membership.code_cancel')}
    >
      <form
        noValidate
        className={reserveStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed.length >= PROMO_CODE_MIN) onSubmit(trimmed);
        }}
      >
        <p>{prompt.description}</p>
        <div className={reserveStyles.field}>
          <label htmlFor="reserve-code">{t('reserve.membership.code_label')}</label>
          <input
            id="reserve-code"
            value={code}
            maxLength={PROMO_CODE_MAX}
            required
            // the dialog exists to ask for this code: it starts there
            autoFocus
            autoComplete="off"
            onChange={(event) => setCode(event.target.value)}
            {...(prompt.error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          />
          {prompt.error && (
            <p id={errorId} role="alert" className={reserveStyles.fieldError}>
              {prompt.error}
            </p>
          )}
        </div>
        <div className={reserveStyles.dialogActions}>
          <Button variant="secondary" onClick={onCancel}>
            {t('reserve.membership.code_cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting || trimmed.length < PROMO_CODE_MIN}>
            {t('reserve.membership.code_submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
