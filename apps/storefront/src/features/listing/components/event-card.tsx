import { Link } from 'react-router';
import { SellerImage } from '@/ui/image';
import { listingTeaser } from '@admit/contracts/images';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { usePricesShown, useTypesPriceLine } from '@/config/use-shown-price';
import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import { leastAmount } from '@/features/listing/model/event-cards';
import type { EventCard as EventCardModel } from '@/features/listing/model/event-cards';
import styles from '@/features/listing/components/event-card.module.css';

/**
 * Cards in the first row load at once and the first is the page's largest image (the LCP on a
 * phone); the rest wait until they near the screen.
 */
const EAGER_CARDS = 4;

/** One event of the listing; the whole card is the link to /events/{id} (shopping §2). */
export function EventCard({ event, position }: { event: EventCardModel; position: number }) {
  const t = useStrings(LISTING_STRINGS);
  const { currency, locale, theme } = useSellerConfig();
  const teaser = theme.teaser_image_size;
  const blurb = event.subtitle ?? event.summary;
  // decision 0075: the event's `web.price_display` types at their least price, else "from";
  // decision 0081: neither when the seller's price display setting keeps prices off the cards
  const summaryPrices = usePricesShown('summary');
  const typesPriceLine = useTypesPriceLine('summary');
  const priceLine = typesPriceLine(event.priceDisplay, event.types, leastAmount);
  return (
    <article className={styles.card}>
      <div className={styles.media} style={{ aspectRatio: `${teaser.width} / ${teaser.height}` }}>
        {event.image ? (
          // spec: shopping §2 — teaser images are requested at double size for sharp screens
          <SellerImage
            src={event.image.src}
            alt={event.image.alt}
            width={teaser.width * 2}
            height={teaser.height * 2}
            box={teaser}
            responsive={listingTeaser(teaser)}
            loading={position === 0 ? 'priority' : position < EAGER_CARDS ? 'eager' : 'lazy'}
            className={styles.image}
          />
        ) : (
          <div className={styles.placeholder} aria-hidden="true" />
        )}
      </div>
      <div className={styles.body}>
        {event.category && <p className={styles.category}>{event.category}</p>}
        <h2 className={styles.name}>
          <Link to={`/events/${event.id}`} className={styles.link}>
            {event.name}
          </Link>
        </h2>
        {blurb && <p className={styles.blurb}>{blurb}</p>}
        {priceLine ? (
          <>
            <p className={styles.price}>{priceLine}</p>
            {event.priceDisplay.message && (
              <p className={styles.blurb}>{event.priceDisplay.message}</p>
            )}
          </>
        ) : (
          summaryPrices &&
          event.fromPrice !== null && (
            <p className={styles.price}>
              {t('listing.from_price', { price: formatMoney(event.fromPrice, currency, locale) })}
            </p>
          )
        )}
      </div>
    </article>
  );
}
