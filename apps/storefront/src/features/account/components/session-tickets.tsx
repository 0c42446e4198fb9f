import type { TicketOrderListResponse } from '@admit/contracts/account';
import type { WalletLinks } from '@/api/wallet/get-wallet-precheck';
import { useStrings } from '@/ui/text/use-strings';
import { AddToWallet } from '@/ui/wallet/add-to-wallet';
import { ticketNames } from '@/features/account/model/order-summaries';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

type OrderTicket = NonNullable<TicketOrderListResponse['ticket']>['_data'][number];

export interface SessionTicketsProps {
  orders: TicketOrderListResponse;
  tickets: OrderTicket[];
  walletLinks: (ticketId: string) => WalletLinks;
}

/**
 * spec: identity §2 "Session detail" — a table of Ticket type, Ticket group and Ticket # (shown
 * as '#code'), with each ticket's add-to-wallet buttons when the precheck offers any.
 */
export function SessionTickets({ orders, tickets, walletLinks }: SessionTicketsProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const withWallet = tickets.some((ticket) => {
    const links = walletLinks(ticket.id);
    return links.apple !== null || links.google !== null;
  });
  return (
    <table className={styles.table} aria-label={t('account.session.table_label')}>
      <thead>
        <tr>
          <th scope="col">{t('account.session.ticket_type')}</th>
          <th scope="col">{t('account.session.ticket_group')}</th>
          <th scope="col">{t('account.session.ticket_number')}</th>
          {withWallet && <th scope="col">{t('account.session.wallet')}</th>}
        </tr>
      </thead>
      <tbody>
        {tickets.map((ticket) => {
          const names = ticketNames(orders, ticket);
          const code = ticket.scan_code
            ? t('account.session.ticket_code', { code: ticket.scan_code })
            : '';
          const links = walletLinks(ticket.id);
          return (
            <tr key={ticket.id}>
              <td>{names.type}</td>
              <td>{names.group}</td>
              <td>
                <code>{code}</code>
              </td>
              {withWallet && (
                <td>
                  <AddToWallet
                    appleHref={links.apple}
                    googleHref={links.google}
                    item={`${names.type} ${code}`.trim()}
                  />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
