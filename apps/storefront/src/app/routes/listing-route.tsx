import { ListingRoute } from '@/features/listing/listing-route';

/** The listing with the other features plugged in (features never import each other). */
export function ComposedListingRoute() {
  return <ListingRoute />;
}
