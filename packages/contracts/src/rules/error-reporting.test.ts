import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isIgnoredApiFailure,
  redactText,
  redactValue,
  REDACTED,
  REDACTED_CARD,
} from './error-reporting';

describe('isIgnoredApiFailure (identity §8: the expected statuses)', () => {
  it.each([402, 404, 409, 410, 422])('ignores %i on POST /api/', (status) => {
    expect(
      isIgnoredApiFailure({ status, method: 'POST', url: '/api/my/cart/modify?_seller=a' }),
    ).toBe(true);
    expect(
      isIgnoredApiFailure({ status, method: 'post', url: 'https://shop.test/api/checkout' }),
    ).toBe(true);
  });

  it('reports other statuses and methods on /api/', () => {
    for (const status of [400, 401, 403, 429, 500, 502]) {
      expect(isIgnoredApiFailure({ status, method: 'POST', url: '/api/my/cart/modify' })).toBe(
        false,
      );
    }
    // the list names POST: a 409 on PUT my/user/email, a 422 on PATCH are reported
    expect(isIgnoredApiFailure({ status: 409, method: 'PUT', url: '/api/my/user/email' })).toBe(
      false,
    );
    expect(isIgnoredApiFailure({ status: 422, method: 'PATCH', url: '/api/my/cart/x' })).toBe(
      false,
    );
    // POST on the cache path is not POST /api/
    expect(isIgnoredApiFailure({ status: 404, method: 'POST', url: '/cached_api/events' })).toBe(
      false,
    );
  });

  it('ignores 404 on GET /api/ and /cached_api/, and nothing else on GET', () => {
    expect(isIgnoredApiFailure({ status: 404, method: 'GET', url: '/api/my/cart/1' })).toBe(true);
    expect(isIgnoredApiFailure({ status: 404, method: 'GET', url: '/cached_api/events?x=1' })).toBe(
      true,
    );
    expect(isIgnoredApiFailure({ status: 410, method: 'GET', url: '/api/my/cart/1' })).toBe(false);
    expect(isIgnoredApiFailure({ status: 404, method: 'GET', url: '/assets-app/x.js' })).toBe(
      false,
    );
    expect(isIgnoredApiFailure({ status: 404, method: 'DELETE', url: '/api/my/cart/1' })).toBe(
      false,
    );
  });

  it('ignores 401 on POST /api/login and /api/user only', () => {
    expect(isIgnoredApiFailure({ status: 401, method: 'POST', url: '/api/login?_seller=a' })).toBe(
      true,
    );
    expect(isIgnoredApiFailure({ status: 401, method: 'POST', url: '/api/user' })).toBe(true);
    expect(isIgnoredApiFailure({ status: 401, method: 'POST', url: '/api/login/otp' })).toBe(false);
    expect(isIgnoredApiFailure({ status: 401, method: 'GET', url: '/api/my/user' })).toBe(false);
    expect(isIgnoredApiFailure({ status: 401, method: 'POST', url: '/api/checkout' })).toBe(false);
  });
});

/** Text around the e-mail: anything, spaces, other words. */
const surrounding = fc.oneof(fc.string(), fc.constantFrom('', ' ', 'user ', ' failed: ', '<'));

describe('redactText', () => {
  it('leaves no e-mail address, as written or URL-encoded, anywhere in a text (property)', () => {
    fc.assert(
      fc.property(surrounding, fc.emailAddress(), surrounding, (before, email, after) => {
        const plain = redactText(`${before}${email}${after}`);
        expect(plain).not.toContain(email);
        expect(plain.toLowerCase()).not.toContain(email.toLowerCase());
        const encoded = encodeURIComponent(email);
        const inUrl = redactText(`${before}/api/x?who=${encoded}&y=${email}${after}`);
        expect(inUrl).not.toContain(email);
        expect(inUrl).not.toContain(encoded);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the rest of a message readable', () => {
    expect(redactText('Another user account is using ada@example.org. Please contact us')).toBe(
      'Another user account is using [email] Please contact us',
    );
  });

  it('redacts tokens, names and e-mails in URL queries and secret path segments', () => {
    const url =
      'https://shop.test/acme/user/reset-password?token=abc123&first_name=Ada&last_name=Lovelace&_seller=acme&payment_intent_client_secret=pi_1_secret_2';
    const out = redactText(url);
    expect(out).toBe(
      `https://shop.test/acme/user/reset-password?token=${REDACTED}&first_name=${REDACTED}&last_name=${REDACTED}&_seller=acme&payment_intent_client_secret=${REDACTED}`,
    );
    expect(redactText('GET /api/code/GIFT123456?_seller=acme failed')).toBe(
      `GET /api/code/${REDACTED}?_seller=acme failed`,
    );
  });

  it('redacts card numbers, grouped or not', () => {
    expect(redactText('card 4242 4242 4242 4242 declined')).toBe(`card ${REDACTED_CARD} declined`);
    expect(redactText('pan=4000056655665556')).toBe(`pan=${REDACTED_CARD}`);
    // a short number (an order count, a status) stays
    expect(redactText('status 404 after 1500 ms')).toBe('status 404 after 1500 ms');
  });
});

describe('redactValue', () => {
  it('redacts name, e-mail, card and token fields whole, and texts inside others', () => {
    const cyclic: Record<string, unknown> = { ok: 1 };
    cyclic.self = cyclic;
    expect(
      redactValue({
        identity: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' },
        gateway_data: { source: 'tok_visa', number: '4242', cvc: '123', exp_month: 12 },
        captcha: { provider: 'turnstile', token: 'XXXX' },
        note: 'mail ada@example.org',
        cart_id: 'c1',
        cyclic,
      }),
    ).toEqual({
      identity: { first_name: REDACTED, last_name: REDACTED, email: REDACTED },
      gateway_data: { source: REDACTED, number: REDACTED, cvc: REDACTED, exp_month: REDACTED },
      captcha: { provider: 'turnstile', token: REDACTED },
      note: 'mail [email]',
      cart_id: 'c1',
      cyclic: { ok: 1, self: REDACTED },
    });
  });
});
