import { describe, expect, it } from 'vitest';
import {
  membershipResendMail,
  orderResendMail,
  otpMail,
  passwordSetupMail,
} from '@/modules/mail/compose';
import { expectBrandedMail, makeMailBrand, TEST_ORIGIN } from '@/modules/mail/mail-test-kit';

const brand = makeMailBrand({
  stored: {
    theme: {
      mode: 'dark',
      colors: { primary: '#f2c14e', primaryContrast: '#14110b' },
      logo_url: '/api/image/museum/logo.png',
      footer_text: '© Museum of Light & Time · 1 Meridian Plaza',
    },
  },
});

describe('mail templates', () => {
  it('OTP: the code in a sentence, the magic link as a button, the seller’s brand', async () => {
    const link = `${TEST_ORIGIN}/museum/checkout?otp=123456`;
    const mail = await otpMail({ brand, code: '123456', link });
    expect(mail.subject).toBe('Your Museum of Light & Time login code: 123456');
    expectBrandedMail(mail, brand, [
      'Your login code for Museum of Light & Time is 123456.',
      link,
      'If you did not ask for this code, you can ignore this e-mail.',
    ]);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    // the button in the seller's primary colours; the logo from the public origin
    expect(mail.html).toContain('background-color:#f2c14e;color:#14110b');
    expect(mail.html).toContain(`src="${TEST_ORIGIN}/api/image/museum/logo.png?height=64"`);
    expect(mail.html).not.toContain('rel="preload"');
  });

  it('escapes what people and sellers typed, in the HTML, and keeps it readable in the text', async () => {
    const hostile = makeMailBrand({ seller: { name: '<script>alert(1)</script>' } });
    const mail = await otpMail({ brand: hostile, code: '654321', link: 'https://x.test/?a="b"' });
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://x.test/?a=&quot;b&quot;"');
    expect(mail.text).toContain('Your login code for <script>alert(1)</script> is 654321.');
  });

  it('password reset and first password: subjects, the link, and its expiry', async () => {
    const link = `${TEST_ORIGIN}/museum/user/reset-password?token=abc_DEF-123`;
    const reset = await passwordSetupMail({ brand, link, kind: 'password_reset', ttlMinutes: 60 });
    expect(reset.subject).toBe('Reset your Museum of Light & Time password');
    expectBrandedMail(reset, brand, [
      'Someone asked to reset the password of your Museum of Light & Time account.',
      `Reset my password ${link}`,
      'The link works once and expires in 60 minutes.',
    ]);
    const guest = await passwordSetupMail({ brand, link, kind: 'guest_account', ttlMinutes: 60 });
    expect(guest.subject).toBe('Set a password for your Museum of Light & Time account');
    expectBrandedMail(guest, brand, [
      'Your Museum of Light & Time account has no password set yet.',
      `Set my password ${link}`,
    ]);
  });

  it('resend orders: every order number with the day it was placed, on the seller’s calendar', async () => {
    const mail = await orderResendMail({
      brand,
      orders: [
        // 03:30 UTC on the 8th is still the 7th in New York
        { orderNumber: '100200300', placedAt: new Date('2026-03-08T03:30:00Z') },
        { orderNumber: '100200299', placedAt: new Date('2026-01-15T18:00:00Z') },
      ],
    });
    expect(mail.subject).toBe('Your Museum of Light & Time orders');
    expectBrandedMail(mail, brand, [
      'Here are your orders with Museum of Light & Time:',
      'Order #100200300, placed Sat, March 7 2026',
      'Order #100200299, placed Thu, January 15 2026',
    ]);
  });

  it('resend memberships: member ID, level and expiry in the seller’s zone', async () => {
    const mail = await membershipResendMail({
      brand,
      memberships: [
        { memberCode: 'DM-777', level: 'Family', validTo: new Date('2027-06-01T02:00:00Z') },
      ],
    });
    expect(mail.subject).toBe('Your Museum of Light & Time membership ID');
    expectBrandedMail(mail, brand, [
      'Here are your Museum of Light & Time memberships:',
      'Member ID DM-777 (Family, valid to Mon, May 31, 2027)',
    ]);
  });
});
