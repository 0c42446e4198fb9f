import type * as PhoneParse from '@/ui/country/phone-parse';

/**
 * libphonenumber-js and its metadata (~120 KB) load on demand: when the purchaser form is first
 * used, or when a phone number (the checkout's, the profile's) is checked or sent, never on a
 * first render (its main-thread cost counted against the phone's Lighthouse score, issue #13).
 */
type PhoneNumbers = typeof PhoneParse;

let loading: Promise<PhoneNumbers> | null = null;

export function loadPhoneNumbers(): Promise<PhoneNumbers> {
  loading ??= import('@/ui/country/phone-parse').catch((error: unknown) => {
    // a failed chunk load (offline for a moment) is tried again on the next call
    loading = null;
    throw error;
  });
  return loading;
}
