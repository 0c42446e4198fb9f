import { describe, expect, it, vi } from 'vitest';
import { TURNSTILE_SITEVERIFY_URL, turnstileVerifier } from './turnstile';

const SECRET = '0x4AAAAAAATestSecret';
const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => Response.json(body, { status }));
const context = { sellerId: '00000000-0000-4000-8000-000000000001' };

describe('turnstileVerifier (decision 0068)', () => {
  it('accepts a token siteverify answers with success, posting the secret and the token', async () => {
    const fetchImpl = answer({ success: true, 'error-codes': [], hostname: 'tickets.example.org' });
    await expect(turnstileVerifier(SECRET, fetchImpl).verify('tok-1', context)).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(TURNSTILE_SITEVERIFY_URL);
    expect(init?.method).toBe('POST');
    const form = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(form)).toEqual({ secret: SECRET, response: 'tok-1' });
  });

  it('refuses a token siteverify rejects', async () => {
    const fetchImpl = answer({ success: false, 'error-codes': ['invalid-input-response'] });
    await expect(turnstileVerifier(SECRET, fetchImpl).verify('tok-2', context)).resolves.toBe(
      false,
    );
  });

  it('refuses a missing token without asking siteverify', async () => {
    const fetchImpl = answer({ success: true });
    await expect(turnstileVerifier(SECRET, fetchImpl).verify('', context)).resolves.toBe(false);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('refuses on an error status or an answer it cannot read', async () => {
    await expect(
      turnstileVerifier(SECRET, answer({ success: true }, 500)).verify('tok-3', context),
    ).resolves.toBe(false);
    await expect(
      turnstileVerifier(SECRET, answer({ ok: 'yes' })).verify('tok-4', context),
    ).resolves.toBe(false);
  });

  it('fails when siteverify cannot be reached (the caller counts it as a refusal)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(turnstileVerifier(SECRET, fetchImpl).verify('tok-5', context)).rejects.toThrow();
  });
});
