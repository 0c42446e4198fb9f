import { ListingRoute } from '@/features/listing/listing-route';
import { CartSidebar } from '@/features/cart/cart-sidebar';

/** The listing with the other features plugged in (features never import each other). */
export function ComposedListingRoute() {
  return <ListingRoute sidebar={CartSidebar} />;
}
