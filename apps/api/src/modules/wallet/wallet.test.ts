import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import forge from 'node-forge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { PKPASS_CONTENT_TYPE, walletPrecheckResponseSchema } from '@admit/contracts/wallet';
import { seller } from '@/db/schema/identity';
import { ticket } from '@/db/schema/cart';
import { buyOrder, manageCall, type BoughtOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import {
  appleWalletSettings,
  makeAppleSigner,
  rsaKey,
  unzipStored,
} from '@/testing/wallet-credentials';
import { GOOGLE_SAVE_URL } from './gwpass';

const NOW = new Date('2029-06-01T12:00:00Z');

describeEachDatabase('wallet: walletprecheck, pkpass, gwpass', (ctx) => {
  let app: FastifyInstance;
  let scene: ReserveScene;
  let bare: ReserveScene;
  let order: BoughtOrder;
  let scanCode: string;
  const apple = makeAppleSigner();
  const { caKey, wwdrPem: wwdr } = apple;
  const googleKey = rsaKey('pkcs8');
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW, env: { MAIL_POLL_MS: '0' } });
    scene = await makeReserveScene(ctx.db);
    bare = await makeReserveScene(ctx.db);
    await ctx.db
      .update(seller)
      .set({
        config: {
          private: {
            wallet: {
              apple: appleWalletSettings(apple),
              google: {
                issuer_id: '3388000000012345678',
                service_account_email: 'wallet@test-project.iam.gserviceaccount.com',
                private_key_pem: googleKey.privateKey,
              },
            },
          },
        },
      })
      .where(eq(seller.id, scene.seller.id));
    order = await buyOrder(app, scene, 2);
    const read = await manageCall(app, scene, {
      method: 'GET',
      path: `ticket_order/${order.orderId}`,
      secret: order.secret,
      key: null,
    });
    scanCode = orderBundleSchema
      .parse(read.json())
      .ticket._data.find((t) => t.id === order.ticketIds[0])!.scan_code!;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (path: string, secret: string | null = order.secret, on = scene) =>
    manageCall(app, on, { method: 'GET', path, secret, key: null });

  it('prechecks the providers configured for the seller, for the ticket’s buyer only', async () => {
    const res = await call(`ticket/${order.ticketIds[0]}/walletprecheck`);
    expect(res.statusCode, res.body).toBe(200);
    expect(walletPrecheckResponseSchema.parse(res.json()).wallet_precheck._data).toEqual([
      { ticket_id: order.ticketIds[0], apple_wallet: { ok: true }, google_wallet: { ok: true } },
    ]);
    expect((await call(`ticket/${order.ticketIds[0]}/walletprecheck`, null)).statusCode).toBe(404);
    expect((await call(`ticket/${order.ticketIds[0]}/pkpass`, 'wrong')).statusCode).toBe(404);
    const other = await buyOrder(app, bare, 1);
    const none = await call(`ticket/${other.ticketIds[0]}/walletprecheck`, other.secret, bare);
    expect(walletPrecheckResponseSchema.parse(none.json()).wallet_precheck._data[0]).toMatchObject({
      apple_wallet: { ok: false },
      google_wallet: { ok: false },
    });
    const pkpass = await call(`ticket/${other.ticketIds[0]}/pkpass`, other.secret, bare);
    expect(errorOf(pkpass)._code).toBe('not_configured');
  });

  it('signs an Apple pass: the scan code as its QR, every file in the manifest, a PKCS#7 signature by the seller’s certificate', async () => {
    const res = await call(`ticket/${order.ticketIds[0]}/pkpass`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(PKPASS_CONTENT_TYPE);
    const files = unzipStored(res.rawPayload);
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(pass).toMatchObject({
      passTypeIdentifier: 'pass.test.admit',
      teamIdentifier: 'TEAM123456',
      serialNumber: order.ticketIds[0],
      barcodes: [{ message: scanCode, format: 'PKBarcodeFormatQR' }],
    });
    expect(pass.eventTicket.primaryFields[0].value).toBe(scene.event.name);

    const manifestBytes = files.get('manifest.json')!;
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as Record<string, string>;
    const listed = [...files.keys()].filter((n) => n !== 'manifest.json' && n !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed) {
      expect(manifest[name]).toBe(createHash('sha1').update(files.get(name)!).digest('hex'));
    }

    // the detached PKCS#7: its digest is the manifest's, its signature the signer key's
    const message = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(files.get('signature')!.toString('binary')),
    ) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
    };
    const signer = message.certificates.find(
      (c) => c.subject.getField('CN').value === 'Pass Type ID: pass.test.admit',
    )!;
    expect(forge.pki.certificateFromPem(wwdr).verify(signer)).toBe(true);
    const attributes = message.rawCapture.authenticatedAttributes;
    const digestAttribute = attributes.find(
      (a) =>
        forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) ===
        forge.pki.oids.messageDigest!,
    )!;
    const digest = ((digestAttribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!
      .value as string;
    expect(Buffer.from(digest, 'binary').toString('hex')).toBe(
      createHash('sha1').update(manifestBytes).digest('hex'),
    );
    const signed = forge.asn1.toDer(
      forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes),
    );
    const md = forge.md.sha1.create();
    md.update(signed.getBytes());
    const publicKey = signer.publicKey as forge.pki.rsa.PublicKey;
    expect(publicKey.verify(md.digest().getBytes(), message.rawCapture.signature)).toBe(true);
    // the CA's key did not sign it: the check can fail
    const caPublic = forge.pki.publicKeyFromPem(caKey.publicKey) as forge.pki.rsa.PublicKey;
    const verifiesWith = (key: forge.pki.rsa.PublicKey) => {
      try {
        return key.verify(md.digest().getBytes(), message.rawCapture.signature);
      } catch {
        return false; // forge throws on a block another key did not make
      }
    };
    expect(verifiesWith(caPublic)).toBe(false);
  });

  it('links a Google Wallet save: a JWT signed by the service account with the ticket’s object', async () => {
    const res = await call(`ticket/${order.ticketIds[0]}/gwpass`);
    expect(res.statusCode, res.body).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = location.slice(GOOGLE_SAVE_URL.length);
    const { payload } = await jwtVerify(jwt, await importSPKI(googleKey.publicKey, 'RS256'), {
      issuer: 'wallet@test-project.iam.gserviceaccount.com',
      audience: 'google',
    });
    expect(payload.typ).toBe('savetowallet');
    const objects = (payload.payload as { eventTicketObjects: Record<string, unknown>[] })
      .eventTicketObjects;
    expect(objects).toEqual([
      expect.objectContaining({
        id: `3388000000012345678.${order.ticketIds[0]}`,
        classId: '3388000000012345678.admit_event_ticket',
        barcode: expect.objectContaining({ type: 'QR_CODE', value: scanCode }),
      }),
    ]);
    // another key does not verify it
    const stranger = rsaKey('pkcs8');
    await expect(jwtVerify(jwt, await importSPKI(stranger.publicKey, 'RS256'))).rejects.toThrow();
  });

  it('issues no pass for a cancelled ticket', async () => {
    await ctx.db
      .update(ticket)
      .set({ state: 'cancelled' })
      .where(eq(ticket.id, order.ticketIds[1]!));
    expect((await call(`ticket/${order.ticketIds[1]}/pkpass`)).statusCode).toBe(404);
    expect((await call(`ticket/${order.ticketIds[1]}/gwpass`)).statusCode).toBe(404);
  });
});
