import {
  IMAGE_FORMAT_TYPES,
  IMAGE_FORMATS,
  imageSrcSet,
  sizedImageUrl,
  type ResponsiveImage,
} from '@admit/contracts/images';
import { use } from 'react';
import { PriorityImageSink } from '@/ui/priority-image-sink';

export interface SellerImageProps {
  src: string;
  alt: string;
  /** the size to request from the image service; callers double it for teasers (shopping §2) */
  width?: number;
  height?: number;
  /**
   * The drawn box as width and height attributes: the browser keeps the space before the bytes
   * arrive, so nothing below moves (CLS). CSS still decides the drawn size.
   */
  box: { width: number; height: number };
  /** candidates in AVIF and WebP, in a `<picture>`; the plain `src` stays the fallback */
  responsive?: ResponsiveImage;
  className?: string;
  /** below the fold: lazy (the default); above it eager; the page's largest image: priority */
  loading?: 'lazy' | 'eager' | 'priority';
}

/**
 * An image from the seller's image path. The fallback `src` is the size the spec asks for; with
 * `responsive`, AVIF and WebP candidates let the browser take the smallest file that fills the
 * box on this screen (decision 0033).
 */
export function SellerImage({
  src,
  alt,
  width,
  height,
  box,
  responsive,
  className,
  loading = 'lazy',
}: SellerImageProps) {
  const sink = use(PriorityImageSink);
  if (sink && responsive && loading === 'priority') {
    const [format] = IMAGE_FORMATS;
    sink({
      srcSet: imageSrcSet(src, responsive, format),
      sizes: responsive.sizes,
      type: IMAGE_FORMAT_TYPES[format],
    });
  }
  const img = (
    <img
      src={sizedImageUrl(src, { width, height })}
      alt={alt}
      width={box.width}
      height={box.height}
      className={className}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      decoding={loading === 'priority' ? 'sync' : 'async'}
    />
  );
  if (!responsive) return img;
  return (
    // display: contents keeps the image a direct child of its box for the caller's CSS
    <picture style={{ display: 'contents' }}>
      {IMAGE_FORMATS.map((format) => (
        <source
          key={format}
          type={IMAGE_FORMAT_TYPES[format]}
          srcSet={imageSrcSet(src, responsive, format)}
          sizes={responsive.sizes}
        />
      ))}
      {img}
    </picture>
  );
}
