import { getSellerSlug } from '@/config/seller-slug';
import { API_KEY_PREFIX } from '@admit/contracts/seller-api';
import { createPersistedStore } from '@/stores/persisted-store';

/**
 * The door's API key (decision 0042): entered once, kept in this browser's localStorage under
 * the seller (`admit:{slug}:scan-key`) so a phone at the door keeps it across reloads; never in
 * a URL, where it would end in history, logs and Referer headers. "Forget this key" removes it.
 */
export const scanKeyStore = createPersistedStore<string | null>(
  () => `admit:${getSellerSlug()}:scan-key`,
  (raw) => (typeof raw === 'string' && raw.startsWith(API_KEY_PREFIX) ? raw : null),
);
