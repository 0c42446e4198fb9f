import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import { sessionWhenLabel } from '@admit/contracts/session-time';
import { appleCertificates, type AppleWallet } from './credentials';
import type { PassTicket } from './pass-ticket';

/**
 * An Apple Wallet event ticket for one ticket (identity §7 `/api/ticket/{id}/pkpass`; decision
 * 0037), built with passkit-generator: pass.json, an icon, the manifest of SHA-1 hashes and its
 * detached PKCS#7 signature by the seller's pass type certificate (chained to Apple's WWDR).
 * The barcode is the ticket's scan code, the same QR the confirmation e-mail carries.
 */

let icons: Promise<Record<string, Buffer>> | null = null;

/** The pass's icons (required by Wallet): a plain dark tile at 1x, 2x and 3x. */
function iconBuffers() {
  icons ??= Promise.all(
    [29, 58, 87].map((size) =>
      sharp({ create: { width: size, height: size, channels: 4, background: '#1f2937' } })
        .png()
        .toBuffer(),
    ),
  ).then(([x1, x2, x3]) => ({ 'icon.png': x1!, 'icon@2x.png': x2!, 'icon@3x.png': x3! }));
  return icons;
}

export async function buildPkpass(
  apple: AppleWallet,
  ticket: PassTicket,
  seller: { name: string },
): Promise<Buffer> {
  const { detail } = ticket;
  const pass = new PKPass({ ...(await iconBuffers()) }, await appleCertificates(apple), {
    formatVersion: 1,
    passTypeIdentifier: apple.pass_type_identifier,
    teamIdentifier: apple.team_identifier,
    organizationName: apple.organization_name ?? seller.name,
    description: `${detail.eventName} ticket`,
    // one pass per ticket: the ticket's id is its serial number
    serialNumber: detail.ticket.id,
    backgroundColor: 'rgb(255, 255, 255)',
  });
  pass.type = 'eventTicket';
  pass.primaryFields.push({ key: 'event', label: 'Event', value: detail.eventName });
  pass.secondaryFields.push({ key: 'type', label: 'Ticket', value: detail.typeName });
  const when = detail.session
    ? sessionWhenLabel(
        {
          start_datetime: detail.session.start.toISOString(),
          end_datetime: detail.session.end.toISOString(),
        },
        ticket.timeZone,
      )
    : null;
  if (when) pass.auxiliaryFields.push({ key: 'when', label: 'When', value: when });
  pass.backFields.push({ key: 'order', label: 'Order', value: `#${ticket.order.orderNumber}` });
  if (detail.session) pass.setRelevantDate(detail.session.start);
  pass.setBarcodes({
    message: ticket.scanCode,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: `#${ticket.scanCode}`,
  });
  return pass.getAsBuffer();
}
