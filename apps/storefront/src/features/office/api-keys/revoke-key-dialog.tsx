import { useQueryClient } from '@tanstack/react-query';
import type { StaffApiKey } from '@admit/contracts/staff-api';
import { useStrings } from '@/ui/text/use-strings';
import { ReasonDialog } from '@/features/office/shell/reason-dialog';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import { apiKeysQuery, revokeApiKey } from './api-keys-api';
import { OFFICE_API_KEYS_STRINGS } from './strings';

/**
 * Revoking a key, confirmed with the reason the API requires (kept in the audit log); the
 * API's refusal stays in the dialog, success closes it and reads the list anew.
 */
export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: StaffApiKey; onClose: () => void }) {
  const t = useStrings(OFFICE_API_KEYS_STRINGS);
  const queryClient = useQueryClient();
  const { error, isPending, run } = useOfficeAction(
    (reason: string) => revokeApiKey(apiKey.id, reason),
    () => {
      void queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey });
      onClose();
    },
  );
  return (
    <ReasonDialog
      title={t('office.api-keys.revoke-title', { name: apiKey.name })}
      consequence={t('office.api-keys.revoke-consequence')}
      reasonLabel={t('office.api-keys.reason')}
      confirmLabel={t('office.api-keys.revoke-confirm')}
      closeLabel={t('office.api-keys.close')}
      error={error}
      isPending={isPending}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onConfirm={run}
    />
  );
}
