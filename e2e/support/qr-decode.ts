import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import sharp from 'sharp';

/**
 * Reads a QR code PNG the way a phone would read it: pixels in, text out (@zxing/library, the
 * decoder the scanner page's @zxing/browser wraps). The finder-pattern detector misjudges the
 * size of about one generated code in twenty (ZXing "Dimensions could be not found", seen in
 * CI); a mail's image is a clean code with its quiet zone, which the pure-barcode reading
 * decodes every time, so that is the second try.
 */
export async function decodeQrPng(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // ZXing takes one 32-bit ARGB value a pixel
  const pixels = new Int32Array(info.width * info.height);
  for (let i = 0; i < pixels.length; i++) {
    const [r, g, b] = [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!];
    pixels[i] = (0xff << 24) | (r << 16) | (g << 8) | b;
  }
  const bitmap = () =>
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, info.width, info.height)));
  try {
    return new QRCodeReader().decode(bitmap()).getText();
  } catch {
    const pure = new Map([[DecodeHintType.PURE_BARCODE, true]]);
    return new QRCodeReader().decode(bitmap(), pure).getText();
  }
}

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/**
 * The inline QR images of a mail as the dev mailbox page shows it (`/_dev/mail/{id}`: the mail's
 * HTML with its `cid:` images as data URLs): each image's alt text and PNG.
 */
export function inlineImagesOf(mailPage: string): { alt: string; png: Buffer }[] {
  const html = mailPage.replace(/&(quot|#39|lt|gt|amp);/g, (e) => ENTITIES[e]!);
  return [...html.matchAll(/<img\b[^>]*>/g)].flatMap(([tag]) => {
    const alt = /\balt="([^"]*)"/.exec(tag)?.[1];
    const src = /\bsrc="data:image\/png;base64,([^"]+)"/.exec(tag)?.[1];
    return alt && src ? [{ alt, png: Buffer.from(src, 'base64') }] : [];
  });
}
