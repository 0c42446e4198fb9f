import QRCode from 'qrcode';

// spec: identity §9 — "QR margin 4 for orders, 2 for memberships"
export const ORDER_QR_MARGIN = 4;
const MAX_MARGIN = 16;

/** A PNG QR code of `content`; `margin` in modules (clamped, default the order margin). */
export function qrPng(content: string, margin: number = ORDER_QR_MARGIN): Promise<Buffer> {
  const m =
    Number.isInteger(margin) && margin >= 0 ? Math.min(margin, MAX_MARGIN) : ORDER_QR_MARGIN;
  return QRCode.toBuffer(content, { margin: m, width: 300, errorCorrectionLevel: 'M' });
}
