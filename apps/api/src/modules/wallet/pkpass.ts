import { loadSharp } from '@/lib/sharp';
import { sessionWhenLabel } from '@admit/contracts/session-time';
import { appleCertificates, type AppleWallet } from './credentials';
import type { PassTicket } from './pass-ticket';
import { signPkpassInPool } from './pkpass-pool';
import type { PkpassInput } from './pkpass-sign';

/**
 * An Apple Wallet event ticket for one ticket (identity §7 `/api/ticket/{id}/pkpass`; decision
 * 0037), built with passkit-generator: pass.json, an icon, the manifest of SHA-1 hashes and its
 * detached PKCS#7 signature by the seller's pass type certificate (chained to Apple's WWDR).
 * The barcode is the ticket's scan code, the same QR the confirmation e-mail carries. The
 * signing runs in a worker (pkpass-pool.ts): this file gathers what it needs.
 */

let icons: Promise<Record<string, Buffer>> | null = null;

/** The pass's icons (required by Wallet): a plain dark tile at 1x, 2x and 3x. */
function iconBuffers() {
  icons ??= loadSharp()
    .then((sharp) =>
      Promise.all(
        [29, 58, 87].map((size) =>
          sharp({ create: { width: size, height: size, channels: 4, background: '#1f2937' } })
            .png()
            .toBuffer(),
        ),
      ),
    )
    .then(([x1, x2, x3]) => ({ 'icon.png': x1!, 'icon@2x.png': x2!, 'icon@3x.png': x3! }));
  return icons;
}

/**
 * Test-only switch (the event-loop test's CONTROL signs on this thread, as before issue 22):
 * where a pass is signed — the worker pool.
 */
export const pkpassSeams = {
  sign: (input: PkpassInput): Promise<Buffer> => signPkpassInPool(input),
};

/** The plain data of one ticket's pass (what the signer needs; see pkpass-sign.ts). */
export async function pkpassInput(
  apple: AppleWallet,
  ticket: PassTicket,
  seller: { name: string },
): Promise<PkpassInput> {
  const { detail } = ticket;
  // the event's ticket_date_time and the seller's locale, as every page and e-mail reads it
  const when = detail.session
    ? sessionWhenLabel(
        {
          start_datetime: detail.session.start.toISOString(),
          end_datetime: detail.session.end.toISOString(),
        },
        ticket.timeZone,
        ticket.locale,
        detail.ticketDateTime,
      )
    : null;
  return {
    icons: await iconBuffers(),
    certificates: await appleCertificates(apple),
    props: {
      formatVersion: 1,
      passTypeIdentifier: apple.pass_type_identifier,
      teamIdentifier: apple.team_identifier,
      organizationName: apple.organization_name ?? seller.name,
      description: `${detail.eventName} ticket`,
      // one pass per ticket: the ticket's id is its serial number
      serialNumber: detail.ticket.id,
      backgroundColor: 'rgb(255, 255, 255)',
    },
    primaryFields: [{ key: 'event', label: 'Event', value: detail.eventName }],
    secondaryFields: [{ key: 'type', label: 'Ticket', value: detail.typeName }],
    auxiliaryFields: when ? [{ key: 'when', label: 'When', value: when }] : [],
    backFields: [{ key: 'order', label: 'Order', value: `#${ticket.order.orderNumber}` }],
    relevantDate: detail.session ? detail.session.start.toISOString() : null,
    barcode: { message: ticket.scanCode, altText: `#${ticket.scanCode}` },
  };
}

/** The signed .pkpass of one ticket, signed off the event loop. */
export async function buildPkpass(
  apple: AppleWallet,
  ticket: PassTicket,
  seller: { name: string },
): Promise<Buffer> {
  return pkpassSeams.sign(await pkpassInput(apple, ticket, seller));
}
