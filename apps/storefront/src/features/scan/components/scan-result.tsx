import type { CheckInResult } from '@admit/contracts/seller-api';
import { memberUntil, ticketWhen, type ScanOutcome } from '@/features/scan/model/scan-outcome';
import { SCAN_STRINGS } from '@/features/scan/strings';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/scan/scan.module.css';

/** One admitted line: who, what and when (or the member and the term's end). */
function AdmittedLine({ result, sellerZone }: { result: CheckInResult; sellerZone: string }) {
  const t = useStrings(SCAN_STRINGS);
  const { locale } = useSellerConfig();
  if (result._code === 'member_valid') {
    const m = result.membership;
    return (
      <li>
        <strong className={styles.who}>{m.name ?? m.member_code}</strong>
        <span>
          {t('scan.result.member-line', {
            level: m.level,
            date: memberUntil(m.valid_to, sellerZone, locale),
          })}
        </span>
      </li>
    );
  }
  const ticket = result.ticket;
  return (
    <li>
      <strong className={styles.who}>{ticket.admit_name ?? ticket.purchaser_name ?? ''}</strong>
      <span>{`${ticket.event_name} – ${ticket.ticket_type_name} (${ticket.ticket_group_name})`}</span>
      <span>{ticketWhen(ticket, t, locale)}</span>
    </li>
  );
}

/** The answer to a scan, big and plain: admitted (who, what, session) or refused (why). */
export function ScanResult({ outcome, sellerZone }: { outcome: ScanOutcome; sellerZone: string }) {
  const t = useStrings(SCAN_STRINGS);
  const { locale } = useSellerConfig();
  if (outcome.kind === 'admitted') {
    const member =
      outcome.results.length > 0 && outcome.results.every((r) => r._code === 'member_valid');
    return (
      <div className={`${styles.result} ${styles.admitted}`}>
        <p className={styles.verdict}>
          {member ? t('scan.result.member') : t('scan.result.admitted')}
        </p>
        {outcome.results.length > 1 && (
          <p>{t('scan.result.tickets', { count: String(outcome.results.length) })}</p>
        )}
        <ul className={styles.lines}>
          {outcome.results.map((r, i) => (
            <AdmittedLine key={i} result={r} sellerZone={sellerZone} />
          ))}
        </ul>
      </div>
    );
  }
  const ticket = outcome.ticket;
  return (
    <div className={`${styles.result} ${styles.refused}`}>
      <p className={styles.verdict}>{t('scan.result.refused')}</p>
      <p className={styles.reason}>{t(outcome.message.key, outcome.message.vars)}</p>
      {ticket && (
        <ul className={styles.lines}>
          <li>
            <strong className={styles.who}>
              {ticket.admit_name ?? ticket.purchaser_name ?? ''}
            </strong>
            <span>{`${ticket.event_name} – ${ticket.ticket_type_name} (${ticket.ticket_group_name})`}</span>
            <span>{ticketWhen(ticket, t, locale)}</span>
          </li>
        </ul>
      )}
    </div>
  );
}
