import { describe, expect, it } from 'vitest';
import type { EventDetail } from '@/api/events/event-detail';
import { eventNextRoute, hidesSoldOutSessions } from '@/features/reserve/model/event-ecommerce';

const withEcommerce = (value: unknown) =>
  ({ config: new Map([['web.ecommerce', value]]) }) as unknown as EventDetail;

describe('web.ecommerce (shopping §3 event config)', () => {
  it('next_route: a path inside the storefront', () => {
    expect(eventNextRoute(withEcommerce({ next_route: '/events/abc' }))).toBe('/events/abc');
    expect(eventNextRoute(withEcommerce({ next_route: ' /checkout ' }))).toBe('/checkout');
  });

  it.each([
    ['//evil.example/x'],
    ['https://evil.example'],
    ['/\\evil.example'],
    ['events/abc'],
    ['/a b'],
    ['/redirect?to=https://evil.example'],
    [''],
    [42],
  ])('next_route %j that could leave the site, or is no path, is ignored', (next_route) => {
    expect(eventNextRoute(withEcommerce({ next_route }))).toBeNull();
  });

  it('a missing or malformed row reads as empty', () => {
    expect(eventNextRoute(withEcommerce(undefined))).toBeNull();
    expect(eventNextRoute(withEcommerce('text'))).toBeNull();
    expect(hidesSoldOutSessions(withEcommerce(null))).toBe(false);
    expect(hidesSoldOutSessions(withEcommerce({ hide_sold_out_sessions: true }))).toBe(true);
  });
});
