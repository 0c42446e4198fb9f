import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { apiKeysQuery, createApiKey, type CreatedApiKey } from './api-keys-api';
import { OFFICE_API_KEYS_STRINGS } from './strings';
import { useOfficeAction } from '@/features/office/shell/use-office-action';

/**
 * A new API key (decision 0089): its name (and a reason for the audit log), then the secret,
 * shown this once with a copy button. The secret lives only in this dialog's state: closing
 * the dialog forgets it, and the list never has it.
 */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const t = useStrings(OFFICE_API_KEYS_STRINGS);
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const { error, isPending, run } = useOfficeAction(createApiKey, (made) => {
    setCreated(made);
    void queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey });
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    run({ name: String(form.get('name') ?? '').trim(), ...(reason ? { reason } : {}) });
  };
  const copy = async (key: string) => {
    await navigator.clipboard.writeText(key);
    setCopied(true);
  };

  return (
    <Modal
      title={t('office.api-keys.create')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('office.api-keys.close')}
    >
      {created ? (
        <div className={formStyles.form}>
          <p role="alert">{t('office.api-keys.secret-once')}</p>
          <TextField className={formStyles.field} value={created.key} isReadOnly>
            <Label>{t('office.api-keys.secret')}</Label>
            <Input />
          </TextField>
          <Button
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onPress={() => void copy(created.key)}
          >
            {t('office.api-keys.copy')}
          </Button>
          {copied && <p role="status">{t('office.api-keys.copied')}</p>}
          <Button className={`${buttonStyles.button} ${buttonStyles.primary}`} onPress={onClose}>
            {t('office.api-keys.done')}
          </Button>
        </div>
      ) : (
        <Form className={formStyles.form} onSubmit={submit}>
          {error && (
            <div className={formStyles.alert} role="alert">
              <p>{error}</p>
            </div>
          )}
          <TextField name="name" isRequired maxLength={100} className={formStyles.field} autoFocus>
            <Label>{t('office.api-keys.name')}</Label>
            <Input />
          </TextField>
          <TextField name="reason" maxLength={1000} className={formStyles.field}>
            <Label>{t('office.api-keys.reason')}</Label>
            <Input />
          </TextField>
          <Button
            type="submit"
            isDisabled={isPending}
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
          >
            {t('office.api-keys.create-submit')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
