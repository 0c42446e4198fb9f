import { describe, expect, it } from 'vitest';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import type { TicketType } from '@admit/contracts/resources';
import { decimalToMinor } from '@admit/contracts/money';
import { advertisedPrice } from '@admit/contracts/rules/advertised-price';
import { storedFeesOf } from '@admit/contracts/rules/fees';
import { categoriesOf, toEventCards, type ShownMinor } from '@/features/listing/model/event-cards';

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
        // no `web.price_display` row: the setting is unset; the types on sale, for its line
        priceDisplay: {},
        types: body.ticket_type!._data.filter((type) => type.available),
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

describe('toEventCards: the "from" a visitor is charged (issue 22)', () => {
  const event = makeEventTemplate({ id: fixtureId(5), name: 'Late opening' });
  const withTax: ShownMinor = (amount, type) =>
    advertisedPrice(decimalToMinor(amount), storedFeesOf(type.outside_fees), 'fees_and_tax');
  const body = (groups: ReturnType<typeof makeTicketGroup>[], types: TicketType[]) =>
    eventTemplateBody({ event_template: [event], ticket_group: groups, ticket_type: types });
  const admission = makeTicketGroup({ id: fixtureId(105), event_template_id: event.id });

  it('reads each type at its lowest session price, not its own amount', () => {
    const [card] = toEventCards(
      body(
        [admission],
        [
          makeTicketType({
            ticket_group_id: admission.id,
            currency_amount: '25.00',
            currency_amount_from: '29.00', // dearer at every session on sale
          }),
          makeTicketType({
            ticket_group_id: admission.id,
            currency_amount: '30.00',
            currency_amount_from: '27.50', // cheaper at one
          }),
        ],
      ),
    );
    expect(card?.fromPrice).toBe('27.50');
  });

  it('takes the minimum over types all in, not the all-in price of the cheapest face', () => {
    const taxed = makeTicketType({
      ticket_group_id: admission.id,
      currency_amount: '10.00',
      outside_fees: [{ name: 'fee_percent_outside', fee: '20' }],
    });
    const charged = makeTicketType({
      ticket_group_id: admission.id,
      currency_amount: '10.50',
      outside_fees: [{ name: 'fee_fixed_outside', fee: '0.50' }],
    });
    const [card] = toEventCards(body([admission], [taxed, charged]), withTax);
    expect(card?.fromPrice).toBe('11.00');
  });

  // decision 0081: a range price (a flexible amount) never stands for an event; a fixed one does
  it('quotes admissions before a donation beside them; a donation only quotes a fixed amount', () => {
    const donation = makeTicketGroup({
      id: fixtureId(106),
      event_template_id: event.id,
      handler: 'donation',
    });
    const gift = makeTicketType({
      ticket_group_id: donation.id,
      currency_amount: '10.00',
      currency_amount_min: '1.00',
    });
    const adult = makeTicketType({ ticket_group_id: admission.id, currency_amount: '25.00' });
    expect(toEventCards(body([admission, donation], [gift, adult]))[0]?.fromPrice).toBe('25.00');
    expect(toEventCards(body([donation], [gift]))[0]?.fromPrice).toBeNull();
    const fixed = makeTicketType({ ticket_group_id: donation.id, currency_amount: '5.00' });
    expect(toEventCards(body([donation], [fixed]))[0]?.fromPrice).toBe('5.00');
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
