import { describe, expect, it } from 'vitest';
import {
  autoRenewCancelledMail,
  autoRenewDeclinedMail,
  autoRenewReceiptMail,
  giftMembershipMail,
} from '@/modules/mail/compose';
import { expectBrandedMail, makeMailBrand, TEST_ORIGIN } from '@/modules/mail/mail-test-kit';

const brand = makeMailBrand();
// the first instant after the last day, in New York: the last day reads Fri, May 31, 2030
const VALID_TO = new Date('2030-06-01T04:00:00Z');

// decision 0038: the gift of membership and the auto-renew mails
describe('membership mails', () => {
  it('gift of membership: who gave it, the message as typed, the code, the redeem button, until when', async () => {
    const redeemLink = `${TEST_ORIGIN}/museum/membership/redeem?gift_code=ABCDEFGH23`;
    const mail = await giftMembershipMail({
      brand,
      giverName: 'Ada <b>Lovelace</b>',
      gifteeFirstName: 'Grace',
      level: 'Family',
      code: 'ABCDEFGH23',
      message: 'Enjoy! <script>alert(1)</script>',
      validTo: VALID_TO,
      redeemLink,
    });
    expect(mail.subject).toBe(
      'Ada <b>Lovelace</b> has given you a Museum of Light & Time membership',
    );
    expectBrandedMail(mail, brand, [
      'Hello Grace,',
      'Ada <b>Lovelace</b> has given you a Family membership to Museum of Light & Time.',
      'Enjoy! <script>alert(1)</script>',
      'Your gift code is ABCDEFGH23.',
      `Redeem my membership ${redeemLink}`,
      'The code can be redeemed once, until Fri, May 31, 2030.',
    ]);
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).not.toContain('<b>Lovelace');
  });

  it('gift of membership without a message or a known giver', async () => {
    const mail = await giftMembershipMail({
      brand,
      giverName: null,
      gifteeFirstName: null,
      level: 'Individual',
      code: 'ABCDEFGH23',
      message: null,
      validTo: VALID_TO,
      redeemLink: `${TEST_ORIGIN}/museum/membership/redeem?gift_code=ABCDEFGH23`,
    });
    expect(mail.subject).toBe('Someone has given you a Museum of Light & Time membership');
    // issue #25: the level takes its article ("a Individual" before)
    expect(mail.text).toContain(
      'Someone has given you an Individual membership to Museum of Light & Time.',
    );
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('A message from');
  });

  it('auto-renew receipt: the card charged, the amount in the seller’s format, the new end', async () => {
    const orderLink = `${TEST_ORIGIN}/museum/ticket_order/o-1?secret=s`;
    const mail = await autoRenewReceiptMail({
      brand,
      memberCode: 'M123456789',
      level: 'Dual',
      orderNumber: 'A1B2C3',
      totalMinor: 12000,
      currency: 'USD',
      card: { brand: 'visa', last4: '4242' },
      validTo: VALID_TO,
      orderLink,
    });
    expect(mail.subject).toBe('Your Museum of Light & Time membership has been renewed');
    expectBrandedMail(mail, brand, [
      'Your Dual membership renewed automatically and is now valid until Fri, May 31, 2030.',
      'Member ID M123456789',
      'Order #A1B2C3',
      'Charged $120.00 to Visa ending 4242',
      `View my order ${orderLink}`,
    ]);
  });

  it('auto-renew declined: why, until when the membership holds, the renew-by-hand link', async () => {
    const renewLink = `${TEST_ORIGIN}/museum/membership/renew`;
    const mail = await autoRenewDeclinedMail({
      brand,
      memberCode: 'M123456789',
      level: 'Dual',
      card: { brand: null, last4: '0002' },
      validTo: VALID_TO,
      renewLink,
      reason: 'Your card was declined.',
    });
    expect(mail.subject).toBe('We could not renew your Museum of Light & Time membership');
    expectBrandedMail(mail, brand, [
      'We tried to renew your Dual membership with Card ending 0002, but the payment did not go through.',
      'Your card was declined.',
      'Member ID M123456789 stays valid until Fri, May 31, 2030. To keep your membership, renew it by hand:',
      `Renew my membership ${renewLink}`,
    ]);
  });

  it('auto-renew cancelled: no charge, until when the membership holds, the renew link', async () => {
    const renewLink = `${TEST_ORIGIN}/museum/membership/renew`;
    const mail = await autoRenewCancelledMail({
      brand,
      memberCode: 'M123456789',
      level: 'Dual',
      validTo: VALID_TO,
      renewLink,
    });
    expect(mail.subject).toBe('Auto-renew is cancelled for your Museum of Light & Time membership');
    expectBrandedMail(mail, brand, [
      'Your Dual membership will no longer renew automatically, and your card will not be charged.',
      'Member ID M123456789 stays valid until Fri, May 31, 2030. You can still renew it yourself before then:',
      `Renew my membership ${renewLink}`,
    ]);
  });

  it('names the same last day as the account page for a term ending at the zone boundary', async () => {
    // the storefront's my-membership.test shows this term (valid_to New York midnight starting
    // Jan 1, 2027) as "Expires Thu, Dec 31, 2026": the mails read the same one home
    const validTo = new Date('2027-01-01T05:00:00.000Z');
    const mail = await autoRenewCancelledMail({
      brand,
      memberCode: 'DM100001',
      level: 'Family',
      validTo,
      renewLink: `${TEST_ORIGIN}/museum/membership/renew`,
    });
    expect(mail.text).toContain('stays valid until Thu, Dec 31, 2026.');
    expect(mail.text).not.toContain('Jan 1, 2027');
  });
});
