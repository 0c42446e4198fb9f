import { describe, expect, it } from 'vitest';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { categoriesOf, toEventCards } from '@/features/listing/model/event-cards';

describe('toEventCards', () => {
  const tour = makeEventTemplate({ id: fixtureId(2), name: 'Highlights Tour', category: 'Tours' });

  it('joins images from meta and the lowest available price from groups and types', () => {
    const body = eventTemplateBody({
      event_template: [tour],
      meta: [
        makeMeta(tour.id, 'image_profile', '/api/image/demo-museum/tour.jpg'),
        makeMeta(tour.id, 'image_profile_alt', 'A guide in the sculpture hall'),
      ],
      ticket_group: [makeTicketGroup({ id: fixtureId(101), event_template_id: tour.id })],
      ticket_type: [
        makeTicketType({
          id: fixtureId(201),
          ticket_group_id: fixtureId(101),
          currency_amount: '9.00',
          available: false,
        }),
        makeTicketType({
          id: fixtureId(202),
          ticket_group_id: fixtureId(101),
          currency_amount: '25.00',
        }),
        makeTicketType({
          id: fixtureId(203),
          ticket_group_id: fixtureId(101),
          currency_amount: '18.50',
        }),
      ],
    });
    expect(toEventCards(body)).toEqual([
      {
        id: tour.id,
        name: 'Highlights Tour',
        subtitle: null,
        summary: 'Explore the permanent collection.',
        category: 'Tours',
        image: { src: '/api/image/demo-museum/tour.jpg', alt: 'A guide in the sculpture hall' },
        fromPrice: '18.50',
      },
    ]);
  });

  it('falls back to the cover image and has no price without ticket types', () => {
    const body = eventTemplateBody({
      event_template: [tour],
      meta: [makeMeta(tour.id, 'image_cover', '/api/image/demo-museum/cover.jpg')],
    });
    const [card] = toEventCards(body);
    expect(card?.image).toEqual({ src: '/api/image/demo-museum/cover.jpg', alt: '' });
    expect(card?.fromPrice).toBeNull();
  });

  it('keeps another template’s meta and prices apart', () => {
    const other = makeEventTemplate({ id: fixtureId(3), name: 'Other' });
    const body = eventTemplateBody({
      event_template: [tour, other],
      meta: [makeMeta(other.id, 'image_profile', '/api/image/demo-museum/other.jpg')],
      ticket_group: [makeTicketGroup({ id: fixtureId(103), event_template_id: other.id })],
      ticket_type: [makeTicketType({ ticket_group_id: fixtureId(103), currency_amount: '5.00' })],
    });
    const [tourCard, otherCard] = toEventCards(body);
    expect(tourCard?.image).toBeNull();
    expect(tourCard?.fromPrice).toBeNull();
    expect(otherCard?.fromPrice).toBe('5.00');
  });
});

describe('categoriesOf', () => {
  it('lists each category once in rank order', () => {
    const body = eventTemplateBody({
      event_template: [
        makeEventTemplate({ id: fixtureId(1), category: 'Tours' }),
        makeEventTemplate({ id: fixtureId(2), category: 'Admission' }),
        makeEventTemplate({ id: fixtureId(3), category: 'Tours' }),
        makeEventTemplate({ id: fixtureId(4), category: null }),
      ],
    });
    expect(categoriesOf(body)).toEqual(['Tours', 'Admission']);
  });
});
