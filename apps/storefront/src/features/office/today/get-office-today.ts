import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeTodayResponse } from '@admit/contracts/office-reports';
import { officeTodayRoute } from '@admit/contracts/routes/office-reports';
import { call } from '@/api/client';

/** How often the page asks again: the door's counts move with every scan. */
export const TODAY_REFRESH_MS = 10_000;

/** GET /api/office/today: the venue's day by the server's clock (decision 0088). */
export const getOfficeToday = (signal?: AbortSignal): Promise<OfficeTodayResponse> =>
  call(officeTodayRoute, { signal });

export const officeTodayQuery = () =>
  queryOptions({
    queryKey: ['office', 'today'],
    queryFn: ({ signal }) => getOfficeToday(signal),
    refetchInterval: TODAY_REFRESH_MS,
    // the door keeps the page open in the background between arrivals
    refetchIntervalInBackground: true,
  });

export const useOfficeToday = () => useQuery(officeTodayQuery());
