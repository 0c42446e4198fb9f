import { useState } from 'react';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import {
  ListingEmpty,
  ListingError,
  ListingSkeleton,
} from '@/features/listing/components/listing-states';
import { MembersOnlyNotice } from '@/features/event/components/selection-notices';
import { SessionPicker } from '@/features/reserve/flows/date-first/session-picker';
import { ExpiredNotice } from '@/features/cart/expiry/expired-notice';
import { CART_STRINGS } from '@/features/cart/strings';
import { RouteErrorScreen } from '@/app/layout/route-error';
import { SOLD_OUT_SESSIONS } from '@/app/stories/sample-props';
import { Story } from '@/app/stories/story';
import { STORIES_STRINGS } from '@/app/stories/stories-strings';

const ignore = () => {};
const NO_ISSUES = new Map();

/** The cart-expired dialog as the cart's expiry host opens it: not closable, "Start over". */
function ExpiredCartStory() {
  const t = useStrings(STORIES_STRINGS);
  const cart = useStrings(CART_STRINGS);
  const [open, setOpen] = useState(false);
  return (
    <Story title={t('stories.screen.expired_cart')}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('stories.screen.expired_cart_open')}
      </Button>
      <Modal
        title={cart('cart.expired_title')}
        isOpen={open}
        onOpenChange={setOpen}
        isClosable={false}
        closeLabel={cart('cart.close')}
      >
        <ExpiredNotice onStartOver={() => setOpen(false)} />
      </Modal>
    </Story>
  );
}

/**
 * The spec's screens in their states (issue #25: empty, loading, error, sold out, members-only,
 * expired cart), each the feature's own component with sample data and no server: the listing
 * empty and loading, the listing's answer to a failed API read, a sold-out event's sessions, the
 * members-only notice and the expired-cart dialog (decision 0081), and the page frame's answer
 * to a route that fails to load or render (the router's error boundary; decision 0092).
 */
export function ScreenStories() {
  const t = useStrings(STORIES_STRINGS);
  const { timezone } = useSellerConfig();
  return (
    <>
      <Story title={t('stories.screen.listing_empty')}>
        <ListingEmpty onClearFilters={ignore} />
      </Story>
      <Story title={t('stories.screen.listing_loading')}>
        <ListingSkeleton />
      </Story>
      <Story title={t('stories.screen.api_error')}>
        <ListingError onRetry={ignore} />
      </Story>
      <Story title={t('stories.screen.sold_out')}>
        <SessionPicker
          sessions={SOLD_OUT_SESSIONS}
          value={null}
          onSelect={ignore}
          timezone={timezone}
          tabSpecs={[]}
          showPrices
          issues={NO_ISSUES}
        />
      </Story>
      <Story title={t('stories.screen.members_only')}>
        <MembersOnlyNotice />
      </Story>
      <ExpiredCartStory />
      <Story title={t('stories.screen.route_error')}>
        <RouteErrorScreen />
      </Story>
    </>
  );
}
