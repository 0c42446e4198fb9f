import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletPrecheckRoute } from '@admit/contracts/routes/orders';
import { buildApiUrl, call } from '@/api/client';

/** Which add-to-wallet buttons a page may show, and where they lead. */
export interface WalletLinks {
  /** /api/ticket/{id}/pkpass (an Apple Wallet pass), null when Apple is not offered */
  apple: string | null;
  /** /api/ticket/{id}/gwpass (redirects to Google's save link), null when not offered */
  google: string | null;
}

const NONE: WalletLinks = { apple: null, google: null };

/**
 * GET ticket/{id}/walletprecheck (identity §7), live: which providers can issue this ticket's
 * pass. `secret` is the order's secret link (a guest's proof); the buyer's session needs none.
 */
export function getWalletPrecheck(ticketId: string, secret: string | null, signal?: AbortSignal) {
  return call(walletPrecheckRoute, {
    params: { ticketId },
    query: { secret: secret ?? undefined },
    signal,
  });
}

export function walletPrecheckQueryOptions(ticketId: string, secret: string | null) {
  return queryOptions({
    queryKey: ['wallet-precheck', ticketId, secret] as const,
    queryFn: ({ signal }) => getWalletPrecheck(ticketId, secret, signal),
    staleTime: 5 * 60_000,
  });
}

/** A pass's address for a ticket; the secret travels along when the visitor has one. */
export function walletPassUrl(
  ticketId: string,
  kind: 'pkpass' | 'gwpass',
  secret: string | null,
): string {
  return buildApiUrl(
    `ticket/${encodeURIComponent(ticketId)}/${kind}`,
    { secret: secret ?? undefined },
    false,
  );
}

/**
 * The add-to-wallet links of a page's tickets (identity §2: shown only when walletprecheck says
 * so). The precheck answers per seller — a provider is `ok` when its credentials are configured
 * (decision 0037) — so one ticket's answer (`probeTicketId`, any live ticket of the page) stands
 * for every ticket listed with it. Nothing shows while it loads or when it fails.
 */
export function useWalletLinks(
  probeTicketId: string | null,
  secret: string | null = null,
): (ticketId: string) => WalletLinks {
  const query = useQuery({
    ...walletPrecheckQueryOptions(probeTicketId ?? '', secret),
    enabled: probeTicketId !== null,
  });
  const answer = query.data?.wallet_precheck._data[0];
  return (ticketId: string) =>
    answer
      ? {
          apple: answer.apple_wallet.ok ? walletPassUrl(ticketId, 'pkpass', secret) : null,
          google: answer.google_wallet.ok ? walletPassUrl(ticketId, 'gwpass', secret) : null,
        }
      : NONE;
}
