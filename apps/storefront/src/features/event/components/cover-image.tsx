import { useEffect, useRef } from 'react';
import { IMAGE_SIZES } from '@admit/contracts/constants';
import { EVENT_COVER } from '@admit/contracts/images';
import { SellerImage } from '@/ui/image';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import styles from '@/features/event/components/event-page.module.css';

/** The cover is drawn 16:9 (event-page.module.css), whatever the stored picture's shape. */
const COVER_BOX = {
  width: IMAGE_SIZES.coverWidth,
  height: Math.round((IMAGE_SIZES.coverWidth * 9) / 16),
};

/** spec: shopping §2 — "Mobile cover image parallax divides scroll by 3". */
export const PARALLAX_DIVISOR = 3;

/**
 * The event's cover, requested 1500 wide (shopping §2) and offered smaller in AVIF and WebP; it
 * is the page's largest image, fetched first (the API also preloads it). On phones it drifts at a third of the
 * scroll speed; visitors who ask for reduced motion get a still image.
 */
export function CoverImage({ src, alt }: { src: string; alt: string }) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !isMobile || reducedMotion) return;
    let pending = 0;
    const onScroll = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        frame.style.transform = `translateY(${window.scrollY / PARALLAX_DIVISOR}px)`;
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener('scroll', onScroll);
      frame.style.transform = '';
    };
  }, [isMobile, reducedMotion]);

  return (
    <div className={styles.coverFrame}>
      <div ref={frameRef} className={styles.coverInner}>
        <SellerImage
          src={src}
          alt={alt}
          width={IMAGE_SIZES.coverWidth}
          box={COVER_BOX}
          responsive={EVENT_COVER}
          className={styles.cover}
          loading="priority"
        />
      </div>
    </div>
  );
}
