import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  expectBrandedMail,
  makeMailBrand,
  TEST_ORIGIN,
  visibleHtml,
} from '@/modules/mail/mail-test-kit';
import {
  confirmationMail,
  type ConfirmationInput,
  type ConfirmationTicket,
} from './confirmation-mail';
import { ORDER_QR_MARGIN } from '@/lib/qr-png';

const NEW_YORK = 'America/New_York';
const hour = (start: string) => ({
  start_datetime: start,
  end_datetime: new Date(Date.parse(start) + 3_600_000).toISOString(),
});

const ticket = (overrides: Partial<ConfirmationTicket> = {}): ConfirmationTicket => ({
  eventName: 'Light Gallery',
  typeName: 'Adult',
  scanCode: 'A1B2C3',
  // 15:00 UTC: 10:00 in New York in winter (EST), 11:00 in summer (EDT)
  session: hour('2026-12-02T15:00:00.000Z'),
  timeZone: NEW_YORK,
  handler: 'tickets',
  ticketTypeId: overrides.typeName ?? 'Adult',
  faceValue: 2000,
  adjustedValue: 2000,
  outsideFees: [],
  // not frozen: the line is priced from `outsideFees` (rules/fees.ts chargedLineTotals)
  feeFixedOutside: null,
  feePercentOutside: null,
  ...overrides,
});

const FEES = [
  { name: 'fee_fixed_outside', fee: 150 },
  { name: 'fee_percent_outside', fee: 8875 },
];

function input(overrides: Partial<ConfirmationInput> = {}): ConfirmationInput {
  return {
    sellerId: '00000000-0000-4000-8000-000000000001',
    brand: makeMailBrand(),
    to: 'grace@example.org',
    orderNumber: '123456789',
    orderScanCode: 'ORDERSCAN',
    // 02:00 UTC on Nov 21 is still Nov 20 in New York
    placedAt: new Date('2026-11-21T02:00:00Z'),
    totalMinor: 7351,
    currency: 'USD',
    orderLink: `${TEST_ORIGIN}/museum/ticket_order/42?secret=s3cret`,
    tickets: [ticket()],
    giftCards: [],
    ...overrides,
  };
}

describe('order confirmation mail', () => {
  it('summarises what, when and how much, in the venue zone and the seller’s money format', async () => {
    const mail = await confirmationMail(
      input({
        tickets: [
          ticket(),
          ticket({ typeName: 'Child', scanCode: 'C4D5' }),
          ticket({
            eventName: 'Summer Night',
            scanCode: 'S1',
            session: hour('2026-07-02T15:00:00.000Z'),
          }),
        ],
      }),
    );
    expect(mail.subject).toBe('Your Museum of Light & Time order 123456789');
    expect(mail.kind).toBe('order_confirmation');
    const content = { subject: mail.subject, text: mail.text, html: mail.html! };
    expectBrandedMail(content, input().brand, [
      'Thank you for your order',
      'Order #123456789',
      'Placed Fri, November 20 2026',
      'Thu, Jul 2, 2026 at 11:00 AM',
      'Wed, Dec 2, 2026 at 10:00 AM',
      '1 × Adult',
      '1 × Child',
      'Total $73.51',
      `View your tickets ${TEST_ORIGIN}/museum/ticket_order/42?secret=s3cret`,
    ]);
    // the summer visit comes first (visits in the order they start)
    expect(mail.text.indexOf('Summer Night')).toBeLessThan(mail.text.indexOf('Light Gallery'));
    // never the stored instant, never UTC's clock
    expect(`${mail.text}${mail.html}`).not.toMatch(/2026-12-02T|3:00 PM/);
    expect(visibleHtml(mail.html!)).toContain('Wed, Dec 2, 2026 at 10:00 AM');
    expect(visibleHtml(mail.html!)).toContain('$73.51');
    // no manage page yet: no link to one
    expect(mail.text).not.toContain('Manage your order');
  });

  it('lists every ticket with its visit time and its own inline QR code', async () => {
    const tickets = [
      ticket({ scanCode: 'T-ONE' }),
      ticket({ scanCode: 'T-TWO', typeName: 'Child' }),
      // any-date ticket: no time line, still a code
      ticket({ scanCode: 'T-ANY', eventName: 'Gift card', typeName: 'Fifty', session: null }),
    ];
    const mail = await confirmationMail(input({ tickets }));
    const cids = mail.attachments!.map((a) => a.cid);
    expect(cids).toEqual(['order-qr', 'ticket-1-qr', 'ticket-2-qr', 'ticket-3-qr']);
    for (const a of mail.attachments!) {
      expect(a.contentType).toBe('image/png');
      expect(Buffer.from(a.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      expect(mail.html).toContain(`src="cid:${a.cid}"`);
    }
    // each ticket's card: name, time (when it has one), number, and the image with its alt
    for (const t of tickets) {
      expect(mail.text).toContain(`Ticket #${t.scanCode}`);
      expect(mail.html).toContain(`alt="QR code of ticket #${t.scanCode}"`);
    }
    expect(mail.text).toContain(
      'Light Gallery – Adult\n\nWed, Dec 2, 2026 at 10:00 AM\n\nTicket #T-ONE',
    );
    expect(mail.text).toContain('Gift card – Fifty\n\nTicket #T-ANY');
    // the image beside a ticket is the QR code of that ticket's own scan code
    for (const t of tickets) {
      const tag = [...mail.html!.matchAll(/<img\b[^>]*>/g)]
        .map((m) => m[0])
        .find((img) => img.includes(`alt="QR code of ticket #${t.scanCode}"`))!;
      const cid = /src="cid:([^"]+)"/.exec(tag)![1];
      const png = mail.attachments!.find((a) => a.cid === cid)!.base64;
      const expected = await QRCode.toBuffer(t.scanCode, { margin: ORDER_QR_MARGIN, width: 240 });
      expect(png).toBe(expected.toString('base64'));
    }
  });

  it('reads a ticket in its own venue’s zone, and a whole-day session by its date', async () => {
    const mail = await confirmationMail(
      input({
        tickets: [
          ticket({ eventName: 'Harbour Tour', timeZone: 'Europe/London' }),
          ticket({
            eventName: 'Day Pass',
            session: {
              start_datetime: '2026-12-03T04:00:00.000Z',
              end_datetime: '2026-12-03T14:00:00.000Z',
            },
          }),
        ],
      }),
    );
    expect(mail.text).toContain('Wed, Dec 2, 2026 at 3:00 PM'); // London in winter is UTC
    expect(mail.text).toContain('Day Pass\n\nWed, Dec 2, 2026\n'); // 04:00 UTC: still the 2nd in NY
  });

  it('reads dates and times in the seller locale: a UK seller gets day first and a 24-hour clock', async () => {
    const brand = makeMailBrand({
      seller: { currency: 'GBP', timezone: 'Europe/London' },
      stored: { locale: 'en-GB' },
    });
    const mail = await confirmationMail(
      input({
        brand,
        currency: 'GBP',
        // 11:00 UTC on Nov 29 is 11:00 in London (GMT)
        tickets: [ticket({ session: hour('2026-11-29T11:00:00.000Z'), timeZone: 'Europe/London' })],
        balance: { outstanding: 2500, scheduled: [{ dueDate: '2029-06-13', amount: 2500 }] },
      }),
    );
    expect(mail.text).toContain('Sun 29 Nov 2026, 11:00');
    expect(mail.text).toContain('Sat 21 November 2026'); // placed, the order pattern
    expect(mail.text).toContain('Payment due Wed 13 Jun 2029: £25.00');
    expect(mail.text).not.toMatch(/\d{1,2}:\d{2} [AP]M/);
    expect(mail.text).not.toContain('Nov 29, 2026');
  });

  it('formats money in the seller’s currency and locale: USD, GBP, EUR', async () => {
    const cases = [
      { currency: 'GBP', stored: {}, total: '£73.51', card: '£50.00', due: 'Wed 13 Jun 2029' },
      { currency: 'EUR', stored: {}, total: '€73.51', card: '€50.00', due: 'Wed, Jun 13, 2029' },
      {
        currency: 'EUR',
        stored: { locale: 'de-DE' },
        total: '73,51\u00a0€',
        card: '50,00\u00a0€',
        due: 'Wed, Jun 13, 2029',
      },
    ];
    for (const c of cases) {
      const brand = makeMailBrand({ seller: { currency: c.currency }, stored: c.stored });
      const mail = await confirmationMail(
        input({
          brand,
          currency: c.currency,
          giftCards: [{ number: 'GC7', balance: 5000 }],
          balance: { outstanding: 2500, scheduled: [{ dueDate: '2029-06-13', amount: 2500 }] },
        }),
      );
      expect(mail.text, c.total).toContain(`Total ${c.total}`);
      expect(mail.text).toContain(`Gift card GC7: ${c.card}`);
      expect(mail.text).toContain(`Payment due ${c.due}: `);
      expect(mail.text).not.toContain(c.currency === 'GBP' ? 'GBP' : ' EUR');
    }
  });

  it('escapes the names people typed, and shows the manage link only when given', async () => {
    const mail = await confirmationMail(
      input({
        gifteeName: '<img src=x onerror=alert(1)>',
        tickets: [ticket({ eventName: 'A & B <Gallery>' })],
        manageOrderLink: `${TEST_ORIGIN}/museum/ticket_order/42/manage?secret=s3cret`,
      }),
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('This order is a gift for &lt;img src=x onerror=alert(1)&gt;.');
    expect(mail.html).toContain('A &amp; B &lt;Gallery&gt; – Adult');
    expect(mail.text).toContain('This order is a gift for <img src=x onerror=alert(1)>.');
    expect(mail.text).toContain(
      `Manage your order ${TEST_ORIGIN}/museum/ticket_order/42/manage?secret=s3cret`,
    );
  });

  it('is a receipt: per line price, discount, service charge, tax and total, then payments and the balance due', async () => {
    const discounted = { adjustedValue: 1500, outsideFees: FEES };
    const mail = await confirmationMail(
      input({
        // 2 × (15.00 + 1.50 + 1.33) = 35.66
        totalMinor: 3566,
        tickets: [ticket(discounted), ticket({ ...discounted, scanCode: 'A2' })],
        payments: [
          { label: 'Gift card •••• 2000', amount: 1000 },
          { label: 'Visa •••• 4242', amount: 2000 },
        ],
      }),
    );
    for (const line of [
      '2 × Adult $40.00',
      'Discount -$10.00',
      'Service charge $3.00',
      'Tax $2.66',
      'Line total $35.66',
      'Subtotal $40.00',
      'Total $35.66',
      'Paid with Gift card •••• 2000 $10.00',
      'Paid with Visa •••• 4242 $20.00',
      'Balance due $5.66',
    ]) {
      expect(mail.text, line).toContain(line);
      // the HTML's total is set in bold (its own tag): the other lines read as they are
      if (!line.startsWith('Total')) expect(visibleHtml(mail.html!), line).toContain(line);
    }
  });

  it('lists a donation as a donation and a gift card by its number, with no QR code for either', async () => {
    const mail = await confirmationMail(
      input({
        tickets: [
          ticket({ scanCode: 'ADMIT' }),
          ticket({
            eventName: 'Support us',
            typeName: 'Gift',
            handler: 'donation',
            scanCode: 'DONATION',
            session: null,
            faceValue: 1250,
            adjustedValue: 1250,
          }),
          ticket({
            eventName: 'Gift cards',
            typeName: 'Fifty',
            handler: 'ledger',
            scanCode: 'GIFTCARD',
            session: null,
            faceValue: 5000,
            adjustedValue: 5000,
          }),
        ],
        giftCards: [{ number: 'GC-2000', balance: 5000 }],
      }),
    );
    expect(mail.text).toContain('Donation $12.50');
    expect(mail.text).toContain('Gift card $50.00');
    expect(mail.text).toContain('Gift card GC-2000: $50.00');
    // the order's code and the one admission's: nothing for the donation or the gift card
    expect(mail.attachments!.map((a) => a.cid)).toEqual(['order-qr', 'ticket-1-qr']);
    expect(mail.text).toContain('Ticket #ADMIT');
    expect(mail.text).not.toContain('Ticket #DONATION');
    expect(mail.text).not.toContain('Ticket #GIFTCARD');
    expect(mail.html).not.toMatch(/QR code of ticket #(DONATION|GIFTCARD)/);
    expect(mail.text).toContain('Your ticket\n');
  });

  it('reads a Dual membership as one membership with its members', async () => {
    const member = { handler: 'membership', typeName: 'Dual', session: null };
    const mail = await confirmationMail(
      input({
        tickets: [
          ticket({ ...member, scanCode: 'M1', faceValue: 12000, adjustedValue: 12000 }),
          ticket({ ...member, scanCode: 'M2', faceValue: 0, adjustedValue: 0 }),
        ],
      }),
    );
    expect(mail.text).toContain('Dual membership (2 members) $120.00');
    expect(mail.text).not.toContain('2 × Dual');
  });

  it('lists the answers to the checkout questions under "About your booking" (decision 0077)', async () => {
    const mail = await confirmationMail(
      input({
        answers: [
          { title: 'School or group name', text: 'Hillside Primary' },
          { title: 'Wheelchair access needed', text: 'Yes' },
        ],
      }),
    );
    expect(mail.text).toContain(
      'About your booking\n\n * School or group name: Hillside Primary\n * Wheelchair access needed: Yes',
    );
    expect(visibleHtml(mail.html!)).toContain('School or group name: Hillside Primary');
    const without = await confirmationMail(input());
    expect(without.text).not.toContain('About your booking');
  });
});
