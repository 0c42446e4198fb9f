import { PAGE_PATHS } from '@admit/contracts/storefront-pages';
import { AppLink } from '@/ui/app-link';
import { useStrings } from '@/ui/text/use-strings';
import { useOfficeToday } from './get-office-today';
import { TODAY_STRINGS } from './strings';
import { TodayArrivals } from './today-arrivals';
import { TodaySessionsTable } from './today-sessions-table';
import styles from './today.module.css';

/** The wall time of an instant in the venue's zone ("14:00"), as the server gave the zone. */
const wallTime = (timeZone: string) => (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/**
 * The office's today page (issue #27 "Today", decision 0088), for every role: the day's
 * sessions and arrivals, asked again every few seconds, and the way to the door's scanner.
 */
export function TodayPage() {
  const t = useStrings(TODAY_STRINGS);
  const today = useOfficeToday();
  const day = today.data?.office_day._data[0];
  const timeOf = wallTime(day?.timezone ?? 'UTC');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('office.today.title')}</h1>
        <AppLink to={`/${PAGE_PATHS.scan}`} className={styles.scanner}>
          {t('office.today.scanner')}
        </AppLink>
      </header>
      {day && (
        <p>
          {t('office.today.date', { date: day.date, timezone: day.timezone })}{' '}
          <span className={styles.asOf}>
            {t('office.today.as_of', { time: timeOf(day.as_of) })}
          </span>
        </p>
      )}
      {today.isPending && <p role="status">{t('office.today.loading')}</p>}
      {today.isError && <p role="alert">{t('office.today.failed')}</p>}
      {today.data &&
        (today.data.event_session._data.length === 0 ? (
          <p>{t('office.today.none')}</p>
        ) : (
          <>
            <TodaySessionsTable sessions={today.data.event_session._data} timeOf={timeOf} />
            <TodayArrivals hours={today.data.arrival_hour._data} />
          </>
        ))}
    </div>
  );
}
