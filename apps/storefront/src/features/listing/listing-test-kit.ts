import type { EventTemplateResponse } from '@admit/contracts/catalog';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';

export const ADMISSION_ID = fixtureId(1);
export const TOUR_ID = fixtureId(2);
export const TALK_ID = fixtureId(3);

/** Three events in three categories, the first two with images and prices. */
export function listingBody(): EventTemplateResponse {
  return eventTemplateBody({
    event_template: [
      makeEventTemplate({
        id: ADMISSION_ID,
        name: 'General Admission',
        category: 'Admission',
        rank: 1,
      }),
      makeEventTemplate({
        id: TOUR_ID,
        name: 'Highlights Tour',
        subtitle: 'Forty minutes with a guide',
        category: 'Tours',
        rank: 2,
      }),
      makeEventTemplate({
        id: TALK_ID,
        name: 'Curator Talk',
        category: 'Talks',
        summary: null,
        rank: 3,
      }),
    ],
    meta: [
      makeMeta(ADMISSION_ID, 'image_profile', '/api/image/demo-museum/hall.jpg'),
      makeMeta(ADMISSION_ID, 'image_profile_alt', 'The great hall'),
      makeMeta(TOUR_ID, 'image_cover', '/api/image/demo-museum/tour.jpg'),
      makeMeta(TOUR_ID, 'audience', 'Families'),
    ],
    ticket_group: [
      makeTicketGroup({ id: fixtureId(101), event_template_id: ADMISSION_ID }),
      makeTicketGroup({ id: fixtureId(102), event_template_id: TOUR_ID }),
    ],
    ticket_type: [
      makeTicketType({
        id: fixtureId(201),
        ticket_group_id: fixtureId(101),
        name: 'Adult',
        currency_amount: '25.00',
      }),
      makeTicketType({
        id: fixtureId(202),
        ticket_group_id: fixtureId(101),
        name: 'Child',
        currency_amount: '12.00',
      }),
      makeTicketType({
        id: fixtureId(203),
        ticket_group_id: fixtureId(102),
        currency_amount: '8.50',
      }),
    ],
  });
}

/** Only the events whose category is in `categories`, as the API filters `category._in`. */
export function withCategories(
  body: EventTemplateResponse,
  categories: string[],
): EventTemplateResponse {
  const templates = body.event_template._data.filter(
    (t) => t.category && categories.includes(t.category),
  );
  return {
    ...body,
    event_template: { _count: templates.length, _total: templates.length, _data: templates },
  };
}
