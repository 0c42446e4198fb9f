import { loadJose } from '@/lib/jose';
import { googlePrivateKey, type GoogleWallet } from './credentials';
import type { PassTicket } from './pass-ticket';

/**
 * A Google Wallet "save" link for one ticket (identity §7 `/api/ticket/{id}/gwpass`; decision
 * 0037): a JWT signed RS256 with the seller's service account key, carrying the event ticket
 * class and the ticket's object (Google creates both on save). Its barcode is the ticket's scan
 * code. The link is `https://pay.google.com/gp/v/save/{jwt}`.
 */

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
const DEFAULT_CLASS_SUFFIX = 'admit_event_ticket';

// Google's ids are `{issuer}.{suffix}` with only letters, digits, '.', '_' and '-'
const idPart = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_');

export function passObjects(google: GoogleWallet, ticket: PassTicket, seller: { name: string }) {
  const { detail } = ticket;
  const classId = `${google.issuer_id}.${idPart(google.class_suffix ?? DEFAULT_CLASS_SUFFIX)}`;
  return {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: seller.name,
        eventName: { defaultValue: { language: ticket.locale, value: detail.eventName } },
        reviewStatus: 'UNDER_REVIEW',
      },
    ],
    eventTicketObjects: [
      {
        id: `${google.issuer_id}.${idPart(detail.ticket.id)}`,
        classId,
        state: 'ACTIVE',
        ticketType: { defaultValue: { language: ticket.locale, value: detail.typeName } },
        ticketNumber: ticket.scanCode,
        ...(detail.ticket.admitName ? { ticketHolderName: detail.ticket.admitName } : {}),
        ...(detail.session
          ? {
              validTimeInterval: {
                start: { date: detail.session.start.toISOString() },
                end: { date: detail.session.end.toISOString() },
              },
            }
          : {}),
        barcode: { type: 'QR_CODE', value: ticket.scanCode, alternateText: `#${ticket.scanCode}` },
      },
    ],
  };
}

/** The signed save link; `origin` is the storefront that may show the button. */
export async function googleSaveUrl(
  google: GoogleWallet,
  ticket: PassTicket,
  seller: { name: string },
  origin: string,
  now: Date,
): Promise<string> {
  const { SignJWT, importPKCS8 } = await loadJose();
  const key = await importPKCS8(await googlePrivateKey(google), 'RS256');
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [origin],
    payload: passObjects(google, ticket, seller),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.service_account_email)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
