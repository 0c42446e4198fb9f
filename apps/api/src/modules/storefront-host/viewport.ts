import type { IncomingHttpHeaders } from 'node:http';

/** Phone browsers name themselves so (Android phones "Mobile", iPhones "iPhone"); tablets do not. */
const PHONE_AGENT = /Mobi|iPhone|iPod|Android.+Mobile|Windows Phone/i;

/**
 * Whether a page request comes from a phone, the layout the server draws (decision 0044): the
 * `Sec-CH-UA-Mobile` client hint where the browser sends it, else the User-Agent. A wrong
 * guess costs a re-layout after hydration, never a broken page: the browser's media query
 * decides once the page runs (`ui/use-media-query.ts` in the storefront).
 */
export function isPhoneRequest(headers: IncomingHttpHeaders): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  return PHONE_AGENT.test(headers['user-agent'] ?? '');
}
