import sharp from 'sharp';
import { drawArt, type ArtName } from './art/art-catalog';
import { FAVICON_SIZE, LOGO_SIZE } from './art/logos';

/** One rendered image, ready for the `image` table. */
export interface RenderedImage {
  name: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export type ImageFormat = 'jpeg' | 'webp' | 'png';

const CONTENT_TYPE: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
};

export const COVER_SIZE = { width: 1600, height: 900 };
export const PROFILE_SIZE = { width: 800, height: 600 };

// Rendering is the slow part of seeding (~100 ms per cover); tests seed several fresh
// databases in one process, so identical renders are shared.
const rendered = new Map<string, Promise<Buffer>>();

function render(art: ArtName, width: number, height: number, format: ImageFormat): Promise<Buffer> {
  const key = `${art}:${width}x${height}:${format}`;
  let out = rendered.get(key);
  if (!out) {
    const pipeline = sharp(Buffer.from(drawArt(art, width, height))).resize(width, height, {
      fit: 'cover',
    });
    out =
      format === 'jpeg'
        ? pipeline
            .flatten({ background: '#000000' })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer()
        : format === 'webp'
          ? pipeline.webp({ quality: 80 }).toBuffer()
          : pipeline.png({ compressionLevel: 9 }).toBuffer();
    rendered.set(key, out);
  }
  return out;
}

export async function renderImage(
  name: string,
  art: ArtName,
  size: { width: number; height: number },
  format: ImageFormat,
): Promise<RenderedImage> {
  const bytes = await render(art, size.width, size.height, format);
  return { name, contentType: CONTENT_TYPE[format], bytes, ...size };
}

/** An event's 1600x900 JPEG cover and 800x600 WebP profile, named after the event key. */
export function eventImageNames(eventKey: string) {
  return { cover: `${eventKey}-cover.jpg`, profile: `${eventKey}-profile.webp` };
}

export function renderEventImages(eventKey: string, art: ArtName): Promise<RenderedImage[]> {
  const names = eventImageNames(eventKey);
  return Promise.all([
    renderImage(names.cover, art, COVER_SIZE, 'jpeg'),
    renderImage(names.profile, art, PROFILE_SIZE, 'webp'),
  ]);
}

export const LOGO_NAME = 'logo.png';
export const FAVICON_NAME = 'favicon.png';

export function renderBrandImages(logo: ArtName, favicon: ArtName): Promise<RenderedImage[]> {
  return Promise.all([
    renderImage(LOGO_NAME, logo, LOGO_SIZE, 'png'),
    renderImage(FAVICON_NAME, favicon, FAVICON_SIZE, 'png'),
  ]);
}
