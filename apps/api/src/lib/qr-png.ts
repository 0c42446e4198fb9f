import { loadOnce } from './load-once';

/** qrcode (35 CommonJS files) loads on the first QR code drawn, not at start-up (decision 0096). */
export const loadQrcode = loadOnce(async () => (await import('qrcode')).default);

// spec: identity §9 — "QR margin 4 for orders, 2 for memberships"
export const ORDER_QR_MARGIN = 4;
const MAX_MARGIN = 16;

/**
 * A PNG QR code of `content`; `margin` in modules (clamped), `fallback` when none or a bad one
 * is given (the order's margin unless the caller says otherwise, e.g. a membership's 2).
 */
export async function qrPng(
  content: string,
  margin: number = ORDER_QR_MARGIN,
  fallback: number = ORDER_QR_MARGIN,
): Promise<Buffer> {
  const m = Number.isInteger(margin) && margin >= 0 ? Math.min(margin, MAX_MARGIN) : fallback;
  const QRCode = await loadQrcode();
  return QRCode.toBuffer(content, { margin: m, width: 300, errorCorrectionLevel: 'M' });
}
