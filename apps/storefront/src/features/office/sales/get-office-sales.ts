import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeSalesResponse, SalesInterval } from '@admit/contracts/office-reports';
import { officeSalesExportRoute, officeSalesRoute } from '@admit/contracts/routes/office-reports';
import { call, callAddress } from '@/api/client';

/** A sales range as the page asks for it; empty: the server's default (30 days to today). */
export interface SalesQuery {
  from?: string;
  to?: string;
  interval?: SalesInterval;
}

const wire = (q: SalesQuery) => ({ _from: q.from, _to: q.to, _interval: q.interval });

/** GET /api/office/sales (decision 0088). */
export const getOfficeSales = (q: SalesQuery, signal?: AbortSignal): Promise<OfficeSalesResponse> =>
  call(officeSalesRoute, { query: wire(q), signal });

export const officeSalesQuery = (q: SalesQuery) =>
  queryOptions({
    queryKey: ['office', 'sales', q.from ?? '', q.to ?? '', q.interval ?? ''],
    queryFn: ({ signal }) => getOfficeSales(q, signal),
    placeholderData: keepPreviousData,
  });

export const useOfficeSales = (q: SalesQuery) => useQuery(officeSalesQuery(q));

/** The CSV export's address: a plain link, the office cookie goes with it (a GET needs no header). */
export const salesExportHref = (q: SalesQuery) =>
  callAddress(officeSalesExportRoute, { query: wire(q) });
