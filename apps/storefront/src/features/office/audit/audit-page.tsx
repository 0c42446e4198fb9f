import { useQuery, queryOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, auditLogResponseSchema } from '@admit/contracts/office';
import { officeRequest } from '@/features/office/api/office-request';
import { useStrings } from '@/ui/text/use-strings';
import formStyles from '@/ui/form.module.css';
import { OFFICE_AUDIT_STRINGS } from './strings';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { useSellerConfig } from '@/config/seller-config';
import { venueDayStart } from './venue-day';

/**
 * The filters of the page's address, as the API's query grammar names them: the dates are the
 * venue's days, both included (from the venue's midnight starting `from` to the one ending `to`).
 */
const auditQuery = (filters: { action: string; from: string; to: string }, timeZone: string) =>
  queryOptions({
    queryKey: ['office', 'audit', filters, timeZone],
    queryFn: async () =>
      auditLogResponseSchema.parse(
        await officeRequest('audit', {
          query: {
            action: filters.action || undefined,
            'at._gte': filters.from ? venueDayStart(filters.from, timeZone) : undefined,
            'at._lt': filters.to ? venueDayStart(filters.to, timeZone, 1) : undefined,
            _limit: 200,
          },
        }),
      ).audit_log,
  });

/**
 * The owner's audit log (issue #27, decision 0089): newest first, filtered by action and by
 * the venue's days, the filters kept in the address so a filtered view can be shared.
 */
export function AuditPage() {
  const when = useVenueTime();
  const { timezone } = useSellerConfig();
  const t = useStrings(OFFICE_AUDIT_STRINGS);
  const [params, setParams] = useSearchParams();
  const filters = {
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const log = useQuery(auditQuery(filters, timezone));
  const set = (key: keyof typeof filters) => (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  return (
    <section>
      <h1>{t('office.audit.title')}</h1>
      <div className={formStyles.field}>
        <label htmlFor="audit-action">{t('office.audit.action')}</label>
        <select
          id="audit-action"
          value={filters.action}
          onChange={(e) => set('action')(e.target.value)}
        >
          <option value="">{t('office.audit.all')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      {(['from', 'to'] as const).map((key) => (
        <div className={formStyles.field} key={key}>
          <label htmlFor={`audit-${key}`}>{t(`office.audit.${key}`)}</label>
          <input
            id={`audit-${key}`}
            type="date"
            value={filters[key]}
            onChange={(e) => set(key)(e.target.value)}
          />
        </div>
      ))}
      {log.data && (
        <p role="status">
          {t('office.audit.count', { count: log.data._count, total: log.data._total })}
        </p>
      )}
      {log.data?._count === 0 && <p>{t('office.audit.none')}</p>}
      {log.data && log.data._count > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('office.audit.at')}</th>
              <th scope="col">{t('office.audit.who')}</th>
              <th scope="col">{t('office.audit.action')}</th>
              <th scope="col">{t('office.audit.target')}</th>
              <th scope="col">{t('office.audit.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data._data.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.at)}</td>
                <td>{entry.actor}</td>
                <td>{entry.action}</td>
                <td>{entry.target}</td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
