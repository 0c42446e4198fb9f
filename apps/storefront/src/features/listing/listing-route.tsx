import type { ComponentType } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { usePageTitle } from '@/ui/page-title';
import { ButtonLink } from '@/ui/button';
import { cartHasItems, eventIdsInCart } from '@/api/cart/cart-items';
import { useCartState } from '@/stores/cart-store';
import { useCart } from '@/api/cart/get-cart';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import { ARRIVAL_FOCUS_ATTRIBUTE, isAddedToCartArrival } from '@/ui/routing/arrival-focus';
import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import { useAvailableEvents } from '@/features/listing/api/get-available-events';
import {
  CATEGORY_PARAM,
  DATE_PARAM,
  parseListingFilters,
  withoutMetaFilters,
  withParam,
} from '@/features/listing/model/listing-filters';
import {
  toAvailableEventsQuery,
  unfilteredEventsQuery,
} from '@/features/listing/model/available-events-query';
import { categoriesOf, toEventCards } from '@/features/listing/model/event-cards';
import { useShownPriceMinor } from '@/config/use-shown-price';
import { upsellRedirect, withoutEventsInCart } from '@/features/listing/model/upsell-listing';
import { CategoryFilter } from '@/features/listing/components/category-filter';
import { DateFilter } from '@/features/listing/components/date-filter';
import { MetaFilterChips } from '@/features/listing/components/meta-filter-chips';
import { EventCard } from '@/features/listing/components/event-card';
import {
  ListingEmpty,
  ListingError,
  ListingSkeleton,
} from '@/features/listing/components/listing-states';
import { CartWidgetPlaceholder } from '@/features/listing/components/cart-widget-placeholder';
import filterStyles from '@/features/listing/components/filters.module.css';
import styles from '@/features/listing/listing-route.module.css';

/** The event listing at /events (spec: shopping §2 "Event listing"). */
/** `sidebar` is composed in by the app layer (the cart widget); a placeholder until then. */
export function ListingRoute({
  sidebar: Sidebar = CartWidgetPlaceholder,
}: {
  sidebar?: ComponentType;
}) {
  const t = useStrings(LISTING_STRINGS);
  const { timezone } = useSellerConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const filters = parseListingFilters(searchParams);
  const events = useAvailableEvents(
    toAvailableEventsQuery(filters, { now: new Date(), timeZone: timezone }),
  );
  // spec: shopping §2 — the category choices come from the unfiltered list
  const allEvents = useAvailableEvents(unfilteredEventsQuery());
  // spec: shopping §2 — with items in the cart this is the upsell listing
  const cart = useCart();
  const { skipUpsells } = useCartState();
  const isUpsell = cartHasItems(cart.bundle);
  // reached by "Add to cart": say so first, where the focus lands (decision 0031)
  const addedToCart = isUpsell && isAddedToCartArrival(location.state);
  const inCart = eventIdsInCart(cart.bundle);
  const heading = t(isUpsell ? 'listing.upsell_heading' : 'listing.heading');
  usePageTitle(heading);

  const offer = <T extends { id: string }>(list: T[]) =>
    isUpsell ? withoutEventsInCart(list, inCart) : list;
  const shownMinor = useShownPriceMinor();
  const cards = offer(events.data ? toEventCards(events.data, shownMinor) : []);
  const categories = allEvents.data ? categoriesOf(allEvents.data) : [];
  const redirect = upsellRedirect({
    cartHasItems: isUpsell,
    skipUpsells,
    offerCount: allEvents.data ? offer(toEventCards(allEvents.data)).length : null,
  });
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <div className={styles.layout}>
      <section aria-labelledby="listing-heading" className={styles.content}>
        {addedToCart && (
          <p className={styles.added} tabIndex={-1} {...{ [ARRIVAL_FOCUS_ATTRIBUTE]: '' }}>
            {t('listing.added_to_cart')}
          </p>
        )}
        <h1 id="listing-heading" className={styles.heading}>
          {heading}
        </h1>
        {isUpsell && (
          <ButtonLink to={CHECKOUT_ROUTE} variant="link" className={styles.skip}>
            {t('listing.skip_add_ons')}
          </ButtonLink>
        )}
        <div className={filterStyles.bar}>
          <CategoryFilter
            categories={categories}
            selected={filters.categories}
            onSelect={(category) =>
              setSearchParams(withParam(searchParams, CATEGORY_PARAM, category))
            }
          />
          <DateFilter
            value={filters.date}
            onChange={(date) => setSearchParams(withParam(searchParams, DATE_PARAM, date))}
          />
          <MetaFilterChips
            filters={filters.meta}
            onClear={() => setSearchParams(withoutMetaFilters(searchParams))}
          />
        </div>
        {events.isPending ? (
          <ListingSkeleton />
        ) : events.isError ? (
          <ListingError onRetry={() => void events.refetch()} />
        ) : cards.length === 0 ? (
          <ListingEmpty onClearFilters={() => setSearchParams(new URLSearchParams())} />
        ) : (
          <ul className={styles.grid}>
            {cards.map((card, index) => (
              <li key={card.id} className={styles.item}>
                <EventCard event={card} position={index} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className={styles.sidebar}>
        <Sidebar />
      </div>
    </div>
  );
}
