import { sizedImageUrl } from '@admit/contracts/images';

export interface SellerImageProps {
  src: string;
  alt: string;
  /** the size to request from the image service; callers double it for teasers (shopping §2) */
  width?: number;
  height?: number;
  className?: string;
  loading?: 'lazy' | 'eager';
}

/** An image from the seller's image path, requested at the size the caller chose. */
export function SellerImage({
  src,
  alt,
  width,
  height,
  className,
  loading = 'lazy',
}: SellerImageProps) {
  const size: { width?: number; height?: number } = {};
  if (width) size.width = width;
  if (height) size.height = height;
  return (
    <img
      src={sizedImageUrl(src, size)}
      alt={alt}
      className={className}
      loading={loading}
      decoding="async"
    />
  );
}
