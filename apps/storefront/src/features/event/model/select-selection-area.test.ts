import { describe, expect, it } from 'vitest';
import type { EventTemplate, TicketGroup } from '@admit/contracts/resources';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
} from '@/testing/api-fixtures';
import { toEventDetail } from '@/api/events/event-detail';
import type { EventDetail } from '@/api/events/event-detail';
import { selectSelectionArea } from '@/features/event/model/select-selection-area';
import type { SelectionContext } from '@/features/event/model/select-selection-area';

const EVENT_ID = fixtureId(1);

function makeEvent(
  template: Partial<EventTemplate> = {},
  groups: Partial<TicketGroup>[] = [{}],
  meta: Record<string, unknown> = {},
): EventDetail {
  const detail = toEventDetail(
    eventTemplateBody({
      event_template: [makeEventTemplate({ id: EVENT_ID, category: 'Admission', ...template })],
      ticket_group: groups.map((group, index) =>
        makeTicketGroup({
          id: fixtureId(100 + index),
          event_template_id: EVENT_ID,
          rank: index,
          ...group,
        }),
      ),
      meta: Object.entries(meta).map(([key, value]) => makeMeta(EVENT_ID, key, value)),
    }),
  );
  if (!detail) throw new Error('fixture has no template');
  return detail;
}

const context = (overrides: Partial<SelectionContext> = {}): SelectionContext => ({
  anchorEvents: [],
  anchorCategories: [],
  hasAdmissionInCart: false,
  isMember: false,
  reserveFlow: 'date_first',
  ...overrides,
});

describe('selectSelectionArea, one rule at a time (shopping §2)', () => {
  it('1: warns when the event has no ticket groups', () => {
    expect(selectSelectionArea(makeEvent({}, []), context())).toBe('no_ticket_groups');
  });

  it('2: asks for an admission first on an anchor event, by id or by category', () => {
    expect(selectSelectionArea(makeEvent(), context({ anchorEvents: [EVENT_ID] }))).toBe(
      'anchor_prompt',
    );
    expect(
      selectSelectionArea(
        makeEvent({ category: 'Add-ons' }),
        context({ anchorCategories: ['Add-ons'] }),
      ),
    ).toBe('anchor_prompt');
  });

  it('2: lets the anchor event through once an admission is in the cart', () => {
    expect(
      selectSelectionArea(
        makeEvent(),
        context({ anchorEvents: [EVENT_ID], hasAdmissionInCart: true }),
      ),
    ).toBe('date_first');
  });

  it('3: shows the membership form for membership groups', () => {
    expect(selectSelectionArea(makeEvent({}, [{ handler: 'membership' }]), context())).toBe(
      'membership',
    );
  });

  it('4: shows the one-ticket form for gift cards (ledger) and donations', () => {
    expect(selectSelectionArea(makeEvent({}, [{ handler: 'ledger' }]), context())).toBe(
      'one_ticket',
    );
    expect(selectSelectionArea(makeEvent({}, [{ handler: 'donation' }]), context())).toBe(
      'one_ticket',
    );
  });

  it('5: shows the members-only notice to non-members, for a member-only template or all member-only groups', () => {
    expect(selectSelectionArea(makeEvent({ hidden_type: 'public_member_only' }), context())).toBe(
      'members_only',
    );
    expect(
      selectSelectionArea(
        makeEvent({}, [
          { hidden_type: 'public_member_only' },
          { hidden_type: 'public_member_only' },
        ]),
        context(),
      ),
    ).toBe('members_only');
  });

  it('5: does not stop members, nor events with some public groups', () => {
    expect(
      selectSelectionArea(
        makeEvent({ hidden_type: 'public_member_only' }),
        context({ isMember: true }),
      ),
    ).toBe('date_first');
    expect(
      selectSelectionArea(
        makeEvent({}, [{ hidden_type: 'public_member_only' }, { hidden_type: 'public_browsable' }]),
        context(),
      ),
    ).toBe('date_first');
  });

  it('6: shows the single-event form for event_type single', () => {
    expect(selectSelectionArea(makeEvent({ event_type: 'single' }), context())).toBe(
      'single_event',
    );
  });

  it('7 and 8: the configured reserve flow is the default', () => {
    expect(selectSelectionArea(makeEvent(), context({ reserveFlow: 'quantity_first' }))).toBe(
      'quantity_first',
    );
    expect(selectSelectionArea(makeEvent(), context({ reserveFlow: 'date_first' }))).toBe(
      'date_first',
    );
  });

  it('7 and 8: the event meta reserve_flow overrides the configuration', () => {
    expect(
      selectSelectionArea(makeEvent({}, [{}], { reserve_flow: 'quantity_first' }), context()),
    ).toBe('quantity_first');
    expect(
      selectSelectionArea(
        makeEvent({}, [{}], { reserve_flow: 'date-first' }),
        context({ reserveFlow: 'quantity_first' }),
      ),
    ).toBe('date_first');
    expect(selectSelectionArea(makeEvent({}, [{}], { reserve_flow: 'bogus' }), context())).toBe(
      'date_first',
    );
  });
});

describe('selectSelectionArea, when rules conflict the earlier one wins', () => {
  const anchor = context({ anchorEvents: [EVENT_ID] });

  it('no ticket groups beats the anchor prompt', () => {
    expect(selectSelectionArea(makeEvent({}, []), anchor)).toBe('no_ticket_groups');
  });

  it('the anchor prompt beats membership, one-ticket, members-only and single', () => {
    expect(selectSelectionArea(makeEvent({}, [{ handler: 'membership' }]), anchor)).toBe(
      'anchor_prompt',
    );
    expect(selectSelectionArea(makeEvent({}, [{ handler: 'donation' }]), anchor)).toBe(
      'anchor_prompt',
    );
    expect(selectSelectionArea(makeEvent({ hidden_type: 'public_member_only' }), anchor)).toBe(
      'anchor_prompt',
    );
    expect(selectSelectionArea(makeEvent({ event_type: 'single' }), anchor)).toBe('anchor_prompt');
  });

  it('membership beats one-ticket when both kinds of group exist', () => {
    expect(
      selectSelectionArea(
        makeEvent({}, [{ handler: 'donation' }, { handler: 'membership' }]),
        context(),
      ),
    ).toBe('membership');
  });

  it('membership and one-ticket beat members-only', () => {
    expect(
      selectSelectionArea(
        makeEvent({ hidden_type: 'public_member_only' }, [{ handler: 'membership' }]),
        context(),
      ),
    ).toBe('membership');
    expect(
      selectSelectionArea(
        makeEvent({ hidden_type: 'public_member_only' }, [{ handler: 'ledger' }]),
        context(),
      ),
    ).toBe('one_ticket');
  });

  it('members-only beats the single-event form', () => {
    expect(
      selectSelectionArea(
        makeEvent({ hidden_type: 'public_member_only', event_type: 'single' }),
        context(),
      ),
    ).toBe('members_only');
  });

  it('the single-event form beats a reserve_flow meta', () => {
    expect(
      selectSelectionArea(
        makeEvent({ event_type: 'single' }, [{}], { reserve_flow: 'quantity_first' }),
        context(),
      ),
    ).toBe('single_event');
  });
});
