import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import type { StaffApiKey } from '@admit/contracts/staff-api';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { apiKeysQuery } from './api-keys-api';
import { CreateKeyDialog } from './create-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';
import { OFFICE_API_KEYS_STRINGS } from './strings';

/**
 * The owner's API keys (issue #27, decision 0089): every key, revoked ones included, with its
 * times in the venue's zone; a new key's secret is shown once by its dialog, never here.
 */
export function ApiKeysPage() {
  const t = useStrings(OFFICE_API_KEYS_STRINGS);
  const when = useVenueTime();
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<StaffApiKey | null>(null);

  return (
    <section>
      <h1>{t('office.api-keys.title')}</h1>
      <p>{t('office.api-keys.intro')}</p>
      <Button
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
        onPress={() => setCreating(true)}
      >
        {t('office.api-keys.create')}
      </Button>
      {keys.data?.length === 0 && <p>{t('office.api-keys.none')}</p>}
      {keys.data && keys.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('office.api-keys.name')}</th>
              <th scope="col">{t('office.api-keys.prefix')}</th>
              <th scope="col">{t('office.api-keys.created')}</th>
              <th scope="col">{t('office.api-keys.last-used')}</th>
              <th scope="col">{t('office.api-keys.state')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id}>
                <th scope="row">{key.name}</th>
                <td>
                  <code>{key.prefix}</code>
                </td>
                <td>{when(key.created_at)}</td>
                <td>
                  {key.last_used_at ? when(key.last_used_at) : t('office.api-keys.never-used')}
                </td>
                <td>
                  {key.revoked_at
                    ? t('office.api-keys.revoked', { at: when(key.revoked_at) })
                    : t('office.api-keys.active')}
                </td>
                <td>
                  {!key.revoked_at && (
                    <Button
                      className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                      aria-label={t('office.api-keys.revoke-named', { name: key.name })}
                      onPress={() => setRevoking(key)}
                    >
                      {t('office.api-keys.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}
