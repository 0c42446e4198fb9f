import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { fixtureId, makeEventTemplate } from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { logInMember, logOutMember } from '@/testing/membership-fixtures';
import { renderRoute } from '@/testing/render-route';
import { listingBody } from '@/features/listing/listing-test-kit';

const PREVIEW_ID = fixtureId(9);

/** The listing with a members-only event beside the public ones. */
function withPreview(): EventTemplateResponse {
  const body = listingBody();
  const templates = [
    ...body.event_template._data,
    makeEventTemplate({
      id: PREVIEW_ID,
      name: 'Members’ Evening Preview',
      category: 'Exhibitions',
      hidden_type: 'public_member_only',
      rank: 4,
    }),
  ];
  return { ...body, event_template: { _count: 4, _total: 4, _data: templates } };
}

/**
 * Answers like the API (shopping §6, §7): `hidden_type._in` narrows the list, and members-only
 * events reach members alone — the live path here is a member's, the cache path the public's.
 */
function answerAs(member: boolean) {
  return (request: StubRequest): EventTemplateResponse => {
    const body = withPreview();
    const wanted = request.url.searchParams.get('hidden_type._in')?.split(',') ?? [];
    const templates = body.event_template._data.filter(
      (t) =>
        (wanted.length === 0 || wanted.includes(t.hidden_type)) &&
        (member || t.hidden_type !== 'public_member_only'),
    );
    const count = templates.length;
    return { ...body, event_template: { _count: count, _total: count, _data: templates } };
  };
}

const fetchStub = () =>
  createFetchStub({
    'GET /api/events/available': answerAs(true),
    'GET /cached_api/events/available': answerAs(false),
  });

beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

afterEach(() => {
  logOutMember();
});

// spec: shopping §6 — members-only events are visible only to logged-in members
describe('members-only events in the listing (issue #25)', () => {
  it('lists them for a logged-in member, linking to the event', async () => {
    logInMember();
    renderRoute('/events', { fetch: fetchStub() });
    const preview = await screen.findByRole('link', { name: 'Members’ Evening Preview' });
    expect(preview).toHaveAttribute('href', `/demo-museum/events/${PREVIEW_ID}`);
    expect(screen.getByRole('link', { name: 'General Admission' })).toBeInTheDocument();
  });

  it('leaves them out for a guest', async () => {
    renderRoute('/events', { fetch: fetchStub() });
    expect(await screen.findByRole('link', { name: 'General Admission' })).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Members’ Evening Preview' }),
    ).not.toBeInTheDocument();
  });
});
