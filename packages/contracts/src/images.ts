/**
 * Seller images are addressed as `/api/image/{sellerSlug}/{name}`; meta values such as
 * `image_cover` hold that path. Callers add `width`/`height`: the server only ever shrinks.
 */
export const IMAGE_PATH_PREFIX = '/api/image';

/**
 * Formats the image service converts to on request (`format=`), beside the stored one. The
 * storefront offers them in this order in a `<picture>`: the browser takes the first it can
 * decode, so AVIF (smallest) wins where supported and WebP covers the rest (decision 0033).
 */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_FORMAT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

export interface ImageRequest {
  width?: number;
  height?: number;
  format?: ImageFormat;
}

export function imagePath(sellerSlug: string, name: string): string {
  return `${IMAGE_PATH_PREFIX}/${encodeURIComponent(sellerSlug)}/${encodeURIComponent(name)}`;
}

export function sizedImageUrl(path: string, size: ImageRequest): string {
  const params = new URLSearchParams();
  if (size.width) params.set('width', String(Math.round(size.width)));
  if (size.height) params.set('height', String(Math.round(size.height)));
  if (size.format) params.set('format', size.format);
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** A set of widths to offer an image at, and the crop ratio (height / width) if it is cropped. */
export interface ResponsiveImage {
  widths: readonly number[];
  /** height / width: each candidate is cropped to it (teasers); absent keeps the ratio (covers) */
  ratio?: number;
  /** the `sizes` attribute: how wide the image is drawn, per viewport */
  sizes: string;
}

/** The `srcset` of an image in one format: `url 480w, url 828w, …`. */
export function imageSrcSet(path: string, image: ResponsiveImage, format?: ImageFormat): string {
  return image.widths
    .map((width) => {
      const height = image.ratio ? Math.round(width * image.ratio) : undefined;
      return `${sizedImageUrl(path, { width, height, format })} ${width}w`;
    })
    .join(', ');
}

/**
 * The event cover (shopping §2: requested 1500 wide): the whole width on phones, the content
 * column (at most 736 px beside the 320 px cart) on wider screens. The API's preload of an event
 * page offers the same candidates and sizes, so the browser fetches exactly the one it draws.
 */
export const EVENT_COVER: ResponsiveImage = {
  widths: [480, 828, 1200, 1500],
  sizes: '(max-width: 768px) 100vw, 736px',
};

/** The listing's teasers are offered at 1×, 2× and 3× the seller's teaser size (decision 0033). */
export const TEASER_DENSITIES = [1, 2, 3] as const;

/**
 * A listing card's teaser (shopping §2: requested at double size; here 1×, 2× and 3×), cropped to
 * the seller's `teaser_image_size`: the whole width on phones (one column), and on wider screens
 * the grid stretches cards a little. The API warms these same candidates (modules/images).
 */
export function listingTeaser(teaser: { width: number; height: number }): ResponsiveImage {
  return {
    widths: TEASER_DENSITIES.map((density) => teaser.width * density),
    ratio: teaser.height / teaser.width,
    sizes: `(max-width: 768px) 100vw, ${Math.round(teaser.width * 1.4)}px`,
  };
}

/**
 * The header logo's address: a seller image is asked for at twice the drawn height for sharp
 * high-density screens; an outside address is used as is. The page preloads this same address.
 */
export function logoImageUrl(url: string, heightPx: number): string {
  return url.startsWith(IMAGE_PATH_PREFIX) ? sizedImageUrl(url, { height: heightPx * 2 }) : url;
}
