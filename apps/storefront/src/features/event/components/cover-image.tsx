import { useEffect, useRef } from 'react';
import { IMAGE_SIZES } from '@admit/contracts/constants';
import { SellerImage } from '@/ui/image';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import styles from '@/features/event/components/event-page.module.css';

/** spec: shopping §2 — "Mobile cover image parallax divides scroll by 3". */
export const PARALLAX_DIVISOR = 3;

/**
 * The event's cover, requested 1500 wide (shopping §2). On phones it drifts at a third of the
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
          className={styles.cover}
          loading="eager"
        />
      </div>
    </div>
  );
}
