import { describe, expect, it } from 'vitest';
import type { TicketGroup } from '@admit/contracts/resources';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
} from '@/testing/api-fixtures';
import { toEventDetail } from '@/api/events/event-detail';
import { pageTitleContext } from '@/features/event/model/page-title-context';

function eventWith(handlers: TicketGroup['handler'][]) {
  return toEventDetail(
    eventTemplateBody({
      event_template: [makeEventTemplate()],
      ticket_group: handlers.map((handler, index) =>
        makeTicketGroup({ id: fixtureId(100 + index), handler }),
      ),
    }),
  )!;
}

describe('pageTitleContext (shopping §2 "Page title by context")', () => {
  it('names each context', () => {
    expect(pageTitleContext(eventWith(['tickets']), { isAnchor: true, action: undefined })).toBe(
      'anchor',
    );
    expect(pageTitleContext(eventWith(['ledger']), { isAnchor: false, action: undefined })).toBe(
      'gift_card',
    );
    expect(pageTitleContext(eventWith(['donation']), { isAnchor: false, action: undefined })).toBe(
      'donation',
    );
    expect(pageTitleContext(eventWith(['membership']), { isAnchor: false, action: 'gift' })).toBe(
      'membership_gift',
    );
    expect(pageTitleContext(eventWith(['membership']), { isAnchor: false, action: 'renew' })).toBe(
      'membership_renew',
    );
    expect(
      pageTitleContext(eventWith(['membership']), { isAnchor: false, action: undefined }),
    ).toBe('membership');
    expect(pageTitleContext(eventWith(['tickets']), { isAnchor: false, action: 'gift' })).toBe(
      'event',
    );
  });

  it('takes the first match in the spec order', () => {
    expect(
      pageTitleContext(eventWith(['ledger', 'membership']), { isAnchor: true, action: 'gift' }),
    ).toBe('anchor');
    expect(
      pageTitleContext(eventWith(['donation', 'ledger']), { isAnchor: false, action: undefined }),
    ).toBe('gift_card');
    expect(
      pageTitleContext(eventWith(['membership', 'donation']), { isAnchor: false, action: 'renew' }),
    ).toBe('donation');
  });
});
