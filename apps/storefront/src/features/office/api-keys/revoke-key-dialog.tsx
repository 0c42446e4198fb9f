import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffApiKey } from '@admit/contracts/staff-api';
import { ApiError } from '@/api/client';
import { useStrings } from '@/ui/text/use-strings';
import { ReasonDialog } from '@/features/office/shell/reason-dialog';
import { apiKeysQuery, revokeApiKey } from './api-keys-api';
import { OFFICE_API_KEYS_STRINGS } from './strings';

/**
 * Revoking a key, confirmed with the reason the API requires (kept in the audit log); the
 * API's refusal stays in the dialog, success closes it and reads the list anew.
 */
export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: StaffApiKey; onClose: () => void }) {
  const t = useStrings(OFFICE_API_KEYS_STRINGS);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (reason: string) => revokeApiKey(apiKey.id, reason),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey });
      onClose();
    },
    onError: (caught) => setError(caught instanceof ApiError ? caught.description : String(caught)),
  });
  return (
    <ReasonDialog
      title={t('office.api-keys.revoke-title', { name: apiKey.name })}
      consequence={t('office.api-keys.revoke-consequence')}
      reasonLabel={t('office.api-keys.reason')}
      confirmLabel={t('office.api-keys.revoke-confirm')}
      closeLabel={t('office.api-keys.close')}
      error={error}
      isPending={mutation.isPending}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onConfirm={(reason) => {
        setError(null);
        mutation.mutate(reason);
      }}
    />
  );
}
