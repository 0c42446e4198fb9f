import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutResponseSchema, type CheckoutResponse } from '@admit/contracts/checkout';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { launchBrowser, saveFailureScreenshot } from '../support/browser';
import { fetchAvailableEvents } from '../support/catalog';
import { waitForMail } from '../support/mailbox';
import { manageLinkFromMail } from '../support/manage';
import { decodeQrPng, inlineImagesOf } from '../support/qr-decode';
import { reserveAsThisGuest, SELLER } from '../support/reserve';
import { sellerCli } from '../support/seller-cli';
import { startServer, type RunningServer } from '../support/server';

// issue #16 "Tests that must exist": a buyer's QR code from the confirmation mail, entered by
// hand on the scanner page, shows as redeemed; entered again, as already redeemed. The API key
// is made with the seller CLI against the server's own database: this spec runs its own server
// on a PGlite folder, stopped while the CLI writes to it (PGlite has one process at a time).

// the demo's free event (apps/api/src/demo/demo-museum-free.ts): tickets at 0.00
const FREE_EVENT = 'Sketching in the Arcade';
// the demo's donation (demo-museum.yaml `donation`): any amount from $5
const DONATION_EVENT = 'Support the Museum';
const PHONE = { width: 390, height: 844 };

describe('check-in at the door', () => {
  let dataDir = '';
  let server: RunningServer | undefined;
  let apiKey = '';
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'admit-check-in-'));
    const env = { DATA_DIR: dataDir };
    // the first start seeds the demo sellers; the key is made while no server holds the folder
    const seeding = await startServer({ env, logName: 'check-in-seed.log' });
    await seeding.stop();
    apiKey = (await sellerCli(['api-key', 'create', SELLER, '--name', 'E2E door'], env)).trim();
    expect(apiKey).toMatch(/^adm_/);
    server = await startServer({ env, logName: 'check-in-server.log' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // a phone at the door
    context = await browser!.newContext({
      baseURL: server!.baseUrl,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureScreenshot(page, task.name);
    await context?.close();
  });

  /** A guest buys one free ticket through the public API; the order and its secret. */
  async function buyOneTicket(email: string): Promise<CheckoutResponse> {
    const catalog = await fetchAvailableEvents(server!.baseUrl, SELLER);
    const event = catalog.event_template._data.find((e) => e.name === FREE_EVENT);
    expect(event, `${FREE_EVENT} in the demo catalogue`).toBeDefined();
    await page.goto(`/${SELLER}/events`);
    const cart = await reserveAsThisGuest(page, event!.id, { quantity: 1 });
    const answer = await page.evaluate(
      async ({ cartId, seller, email }) => {
        const res = await fetch(`/api/cart/${cartId}/guest_checkout?_seller=${seller}`, {
          method: 'POST',
          headers: {
            'tix-app': 'ecomm',
            'Content-Type': 'application/json',
            'Idempotency-Key': `check-in-${Date.now()}`,
          },
          body: JSON.stringify({
            amount: '0.00',
            gateway_id: 'free',
            gateway_data: {},
            purchaser: {
              first_name: 'Dora',
              last_name: 'Door',
              email,
              email_confirm: email,
              zip_code: '10001',
            },
          }),
        });
        return { status: res.status, body: await res.text() };
      },
      { cartId: cart.cart._data[0]!.id, seller: SELLER, email },
    );
    expect(answer.status, answer.body).toBe(201);
    return checkoutResponseSchema.parse(JSON.parse(answer.body));
  }

  /** A guest gives $5 through the public API (a sandbox card); the donation ticket's code. */
  async function giveFiveDollars(email: string): Promise<string> {
    const catalog = await fetchAvailableEvents(server!.baseUrl, SELLER);
    const event = catalog.event_template._data.find((e) => e.name === DONATION_EVENT);
    expect(event, `${DONATION_EVENT} in the demo catalogue`).toBeDefined();
    await page.goto(`/${SELLER}/events`);
    const answer = await page.evaluate(
      async ({ eventId, seller, email }) => {
        const headers = { 'tix-app': 'ecomm', 'Content-Type': 'application/json' };
        const read = await fetch(
          `/cached_api/events/${eventId}?_seller=${seller}&_embed=ticket_group,ticket_type`,
          { headers },
        );
        const types = (await read.json()).ticket_type._data as { id: string }[];
        const modify = await fetch(`/api/my/cart/modify?_seller=${seller}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            reserve: { tickets: [{ ticket_type_id: types[0]!.id, face_value: '5.00' }] },
          }),
        });
        if (!modify.ok) return { status: modify.status, body: await modify.text() };
        const cartId = (await modify.json()).cart._data[0].id;
        const card = await fetch('/api/sandbox/payment_methods', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            number: '4242424242424242',
            exp_month: 12,
            exp_year: 2034,
            cvc: '123',
            zip: '10001',
          }),
        });
        const source = (await card.json()).payment_method._data[0].id;
        const res = await fetch(`/api/cart/${cartId}/guest_checkout?_seller=${seller}`, {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': `donation-${Date.now()}` },
          body: JSON.stringify({
            amount: '5.00',
            gateway_id: 'stripe',
            gateway_data: { source, source_type: 'card' },
            purchaser: {
              first_name: 'Dana',
              last_name: 'Donor',
              email,
              email_confirm: email,
              zip_code: '10001',
            },
          }),
        });
        return { status: res.status, body: await res.text() };
      },
      { eventId: event!.id, seller: SELLER, email },
    );
    expect(answer.status, answer.body).toBe(201);
    const order = checkoutResponseSchema.parse(JSON.parse(answer.body));
    const code = order.ticket._data[0]?.scan_code;
    expect(code, 'the donation ticket has a scan code').toBeTruthy();
    return code!;
  }

  it('refuses a $5 donation’s code with its reason, and admits an admission once (issue 22)', async () => {
    const donation = await giveFiveDollars(`donor-${Date.now()}@example.test`);
    const order = await buyOneTicket(`visitor-${Date.now()}@example.test`);
    const ticket = order.ticket._data[0]!;
    const session = order.event_session._data.find((s) => s.id === ticket.event_session_id)!;
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: order.venue!._data[0]!.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(session.start_datetime));

    await page.goto(`/${SELLER}/scan`);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Use this key' }).click();
    const codeField = page.getByLabel('Ticket code');
    await codeField.waitFor();
    const status = page.getByRole('status', { name: 'Last scan' });

    // the donation: not admitted, and the reason is on the screen
    await codeField.fill(donation);
    await codeField.press('Enter');
    await status.getByText('Not admitted', { exact: true }).waitFor();
    await expect.poll(() => status.textContent()).toContain('A donation is not an admission.');
    await expectNoSeriousA11yViolations(page);

    // the admission: admitted once, then already redeemed
    await page.getByLabel('Visit date').fill(day);
    await codeField.fill(ticket.scan_code!);
    await codeField.press('Enter');
    await status.getByText('Admitted', { exact: true }).waitFor();
    await expect.poll(() => status.textContent()).toContain('Dora Door');
    await codeField.fill(ticket.scan_code!);
    await codeField.press('Enter');
    await status.getByText('Not admitted', { exact: true }).waitFor();
    await expect.poll(() => status.textContent()).toMatch(/Already redeemed at/);
  });

  it('admits the QR code of the confirmation mail once, by manual entry on the scanner', async () => {
    const email = `door-${Date.now()}@example.test`;
    const since = new Date();
    const order = await buyOneTicket(email);

    // the mail, as the buyer gets it: its ticket QR code decoded, and the code printed beside it
    const mail = await waitForMail(server!.baseUrl, email, 'order_confirmation', since);
    const mailPage = await (await fetch(`${server!.baseUrl}/_dev/mail/${mail.id}`)).text();
    const ticketImage = inlineImagesOf(mailPage).find((i) =>
      i.alt.startsWith('QR code of ticket #'),
    );
    expect(ticketImage, 'a ticket QR code in the mail').toBeDefined();
    const code = await decodeQrPng(ticketImage!.png);
    expect(ticketImage!.alt).toBe(`QR code of ticket #${code}`);
    expect(mail.text).toContain(`Ticket #${code}`);

    // the door checks the ticket's own day (the demo session may be tomorrow at this hour)
    const ticket = order.ticket._data[0]!;
    const session = order.event_session._data.find((s) => s.id === ticket.event_session_id)!;
    const zone = order.venue?._data[0]?.timezone;
    expect(zone, 'the order names its venue zone').toBeTruthy();
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(session.start_datetime));

    await page.goto(`/${SELLER}/scan`);
    await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Use this key' }).click();
    const codeField = page.getByLabel('Ticket code');
    await codeField.waitFor();
    expect(page.url()).not.toContain(apiKey);

    await page.getByLabel('Visit date').fill(day);
    await codeField.fill(code);
    await codeField.press('Enter');
    const status = page.getByRole('status', { name: 'Last scan' });
    await status.getByText('Admitted', { exact: true }).waitFor();
    await expect.poll(() => status.textContent()).toContain('Dora Door');
    expect(await status.textContent()).toContain(FREE_EVENT);
    await expectNoSeriousA11yViolations(page);

    // the same code again: refused, with the time it was redeemed
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await status.getByText('Not admitted', { exact: true }).waitFor();
    expect(await status.textContent()).toMatch(/Already redeemed at .*\d{1,2}:\d{2} [AP]M/);

    // the server's truth: the order page's ticket is redeemed
    const read = await page.evaluate(
      async ({ id, seller, secret }) =>
        (await fetch(`/api/ticket_order/${id}?_seller=${seller}&secret=${secret}`)).json(),
      { id: order.ticket_order._data[0]!.id, seller: SELLER, secret: order.access_secret },
    );
    expect(orderBundleSchema.parse(read).ticket._data[0]!.state).toBe('redeemed');

    // and the buyer's manage screen, opened from the same mail, labels it from that state
    const link = await manageLinkFromMail(server!.baseUrl, email, since);
    await page.goto(link.path);
    const visit = page.getByRole('main').getByRole('region', { name: FREE_EVENT });
    await visit.getByText('Redeemed', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
