import { useMemo } from 'react';
import { useSellerConfig } from '@/config/seller-config';

/**
 * The office shows every instant in the venue's zone and the seller's locale ("Dec 1, 2026,
 * 4:00 PM"), whatever the desk computer's zone: staff compare it with the visit's time.
 */
export function useVenueTime(): (iso: string) => string {
  const { timezone, locale } = useSellerConfig();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timezone,
    });
    return (iso: string) => format.format(new Date(iso));
  }, [timezone, locale]);
}
