import type { OfficeTicketScan } from '@admit/contracts/office-orders';
import { useStrings } from '@/ui/text/use-strings';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';

/**
 * A ticket's scans at the door, oldest first (decision 0107): when (the venue's time), what came
 * of it as a sentence ("Admitted", "Refused: already used"), and the scanner's key name. Nothing
 * when it was never scanned: the ticket's line says so.
 */
export function TicketScans(props: { scans: OfficeTicketScan[]; caption: string }) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const when = useVenueTime();
  if (props.scans.length === 0) return null;
  return (
    <table>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('office.orders.scans.at')}</th>
          <th scope="col">{t('office.orders.scans.result')}</th>
          <th scope="col">{t('office.orders.scans.by')}</th>
        </tr>
      </thead>
      <tbody>
        {props.scans.map((scan, index) => (
          // a ticket's scans never change order: the position is their key
          <tr key={index}>
            <td>{when(scan.at)}</td>
            <td>
              {scan.result === 'admitted'
                ? t('office.orders.scan.admitted')
                : t('office.orders.scan.refused', {
                    reason: t(`office.orders.scan.${scan.result}`),
                  })}
            </td>
            <td>{scan.by}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
