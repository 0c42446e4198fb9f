import type { EventDetail } from '@/api/events/event-detail';
import { hasHandler } from '@/api/events/event-detail';

export type PageTitleContext =
  | 'anchor'
  | 'gift_card'
  | 'donation'
  | 'membership_gift'
  | 'membership_renew'
  | 'membership'
  | 'event';

/**
 * spec: shopping §2 — "Page title by context: anchor, gift card, donation, membership gift,
 * membership renew, membership, otherwise the event name", first match wins.
 */
export function pageTitleContext(
  event: EventDetail,
  { isAnchor, action }: { isAnchor: boolean; action: string | undefined },
): PageTitleContext {
  if (isAnchor) return 'anchor';
  if (hasHandler(event, 'ledger')) return 'gift_card';
  if (hasHandler(event, 'donation')) return 'donation';
  if (hasHandler(event, 'membership')) {
    if (action === 'gift') return 'membership_gift';
    if (action === 'renew') return 'membership_renew';
    return 'membership';
  }
  return 'event';
}
