import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mySessionRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { createFetchStub, errorResponse, type FetchStub } from '@/testing/fetch-stub';
import { listingOfThree } from '@/features/cart/cart-test-kit';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
}));
vi.mock('@sentry/browser', () => sentry);

const GENERIC = 'Sorry, something unexpected happened. Please try again later.';

/** What the browser does with a promise nobody caught. */
function rejectUnhandled(reason: unknown): Event {
  const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
    reason,
    promise: Promise.resolve(),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

/** The error a real call of the typed client rejects with. */
async function failedCall(): Promise<unknown> {
  try {
    await call(mySessionRoute, {});
  } catch (error) {
    return error;
  }
  throw new Error('the call should have failed');
}

const reports = (fetch: FetchStub) =>
  fetch.requests.filter((r) => r.url.pathname === '/api/client_errors');

function page(session: Response, config = makeSellerConfig()) {
  const fetch = createFetchStub({
    'GET /cached_api/events/available': listingOfThree(),
    'GET /api/my/session': session,
    'POST /api/client_errors': new Response(null, { status: 204 }),
  });
  const view = renderRoute('/events', { fetch, config });
  return { ...view, fetch };
}

describe('a global unhandled rejection (identity §8 "Other")', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sentry.init.mockClear();
    sentry.captureException.mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the API's error and reports it, redacted, to the server's log endpoint", async () => {
    const { fetch, user } = page(
      errorResponse(500, 'internal_error', 'Session store for ada@example.org is down'),
    );
    await screen.findByRole('main');
    const event = rejectUnhandled(await failedCall());
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session store for ada@example.org is down',
    );
    await waitFor(() => expect(reports(fetch)).toHaveLength(1));
    expect(reports(fetch)[0]!.body).toMatchObject({
      context: 'unhandled_rejection',
      message: 'Session store for [email] is down',
      status: 500,
      method: 'GET',
    });
    expect(JSON.stringify(reports(fetch)[0]!.body)).not.toContain('ada@example.org');
    expect(sentry.captureException).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the generic message for anything but an API error', async () => {
    const { fetch } = page(errorResponse(500, 'internal_error'));
    await screen.findByRole('main');
    rejectUnhandled(new TypeError('x is undefined'));
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
    await waitFor(() => expect(reports(fetch)).toHaveLength(1));
    expect(reports(fetch)[0]!.body).toMatchObject({ name: 'TypeError', message: 'x is undefined' });
  });

  it('shows but does not report an expected answer (404 on GET /api/)', async () => {
    const { fetch } = page(errorResponse(404, 'not_found', 'Session not found'));
    await screen.findByRole('main');
    rejectUnhandled(await failedCall());
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
    // a report would have been sent at once: give it the chance, then check nothing went
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(reports(fetch)).toHaveLength(0);
  });

  it('neither shows nor reports an abort', async () => {
    const { fetch } = page(errorResponse(500, 'internal_error'));
    await screen.findByRole('main');
    rejectUnhandled(new DOMException('left the page', 'AbortError'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reports(fetch)).toHaveLength(0);
  });

  it('reports through the Sentry SDK, loaded on demand, when the config names a DSN', async () => {
    const dsn = 'https://public@o1.ingest.sentry.io/42';
    const { fetch } = page(
      errorResponse(500, 'internal_error'),
      makeSellerConfig({ error_reporter_dsn: dsn }),
    );
    await screen.findByRole('main');
    const error = new Error('failed for ada@example.org');
    rejectUnhandled(error);
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
    await waitFor(() => expect(sentry.captureException).toHaveBeenCalledTimes(1));
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn, environment: 'test', defaultIntegrations: false }),
    );
    const [captured, hint] = sentry.captureException.mock.calls[0] as [unknown, { extra: object }];
    expect(captured).toBe(error);
    expect(hint.extra).toMatchObject({
      context: 'unhandled_rejection',
      message: 'failed for [email]',
    });
    // the SDK's own event is redacted before it is sent
    const { beforeSend } = sentry.init.mock.calls[0]![0] as {
      beforeSend: (event: object) => object;
    };
    const sent = JSON.stringify(
      beforeSend({
        message: 'failed for ada@example.org',
        exception: { values: [{ type: 'Error', value: 'failed for ada@example.org' }] },
        request: { url: 'https://shop.test/x?token=abc' },
        extra: { email: 'ada@example.org' },
      }),
    );
    expect(sent).not.toContain('ada@example.org');
    expect(sent).not.toContain('abc');
    expect(reports(fetch)).toHaveLength(0);
  });
});
