import { useCallback } from 'react';
import { ApiError } from '@/api/client';
import { useStrings } from '@/ui/text/use-strings';
import { OFFICE_STRINGS } from './strings';

/**
 * What the office shows for a call that failed: the API's own sentence (`_description` of its
 * error envelope) when it sent one, else the office's fixed sentence — never the raw text of an
 * answer that did not parse, a proxy's status text or a thrown error's `String()`.
 */
export function officeErrorText(caught: unknown, fallback: string): string {
  return caught instanceof ApiError && caught.fromEnvelope && caught.description.trim() !== ''
    ? caught.description
    : fallback;
}

/** `officeErrorText` with the office's (seller-overridable) `office.error` as the fallback. */
export function useOfficeErrorText(): (caught: unknown) => string {
  const t = useStrings(OFFICE_STRINGS);
  return useCallback((caught: unknown) => officeErrorText(caught, t('office.error')), [t]);
}
