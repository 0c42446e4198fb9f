import { describe, expect, it } from 'vitest';
import { eventTemplateResponseSchema } from '@admit/contracts/catalog';
import { demoEventId } from '../../apps/api/src/demo/demo-ids';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { apiJson, readSellerConfig } from '../support/catalog';
import {
  acceptTerms,
  checkoutMain,
  fillCard,
  fillPurchaser,
  fillTourQuestions,
  payButton,
  SUCCESS_CARD,
} from '../support/checkout';
import { useBrowserPage } from '../support/page-fixture';
import { cartWidget, dateFirstForm, SELLER } from '../support/reserve';
import { fillOpenDateFirstForm, planSession } from '../support/reserve-flow';

// the demo's invitation-only tour: its link is what partners are sent (demo ids are stable)
const TOUR_ID = demoEventId(SELLER, 'private-group-tour');
const PARTNER_CODE = 'PARTNER2026';

// spec: shopping §8 rule_blocks_reserve / code_required; issue #25
describe('the private group tour, booked with a partner code', () => {
  const fx = useBrowserPage();

  it('asks for the code at "Add to cart", reserves with it and pays at checkout', async () => {
    const { page, baseUrl } = fx;
    await page.goto(`/${SELLER}/events/${TOUR_ID}`);
    const config = await readSellerConfig(page);
    const body = eventTemplateResponseSchema.parse(
      await apiJson(`${baseUrl}/cached_api/events/${TOUR_ID}?_seller=${SELLER}`),
    );
    const event = body.event_template._data[0]!;
    const plan = await planSession(page, baseUrl, config, event, { places: 1 });
    await fillOpenDateFirstForm(page, plan, [[plan.types[0]!.name, 1]]);
    await dateFirstForm(page).getByRole('button', { name: 'Add to cart' }).click();

    const prompt = page.getByRole('dialog', { name: 'A code is required' });
    await prompt
      .getByText(
        'Private group tours are booked by partner organisations. Enter your partner code.',
      )
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await prompt.getByRole('textbox', { name: 'Code' }).fill(PARTNER_CODE);
    await prompt.getByRole('button', { name: 'Apply' }).click();
    await prompt.waitFor({ state: 'detached' });
    await cartWidget(page).getByRole('listitem', { name: event.name }).waitFor();

    await cartWidget(page).getByRole('link', { name: 'Checkout' }).click();
    const choice = page.getByRole('dialog', { name: 'Log in or continue as a guest' });
    await choice.getByRole('button', { name: 'Shop as a Guest' }).click();
    await choice.waitFor({ state: 'detached' });
    const main = checkoutMain(page);
    await main.getByRole('heading', { name: 'Payment information' }).waitFor();
    // the code is the cart's: nothing blocks the checkout, nothing asks for it again
    expect(await main.getByText(/does not apply to anything in your cart/).count()).toBe(0);
    await fillPurchaser(page, {
      firstName: 'Pat',
      lastName: 'Partner',
      email: `partner-${Date.now()}@example.test`,
    });
    await fillTourQuestions(page, 'leader@example.test');
    await fillCard(page, SUCCESS_CARD);
    await acceptTerms(page);
    await payButton(page).click();
    await page.waitForURL(/\/demo-museum\/checkout\/complete\?orderIds=/);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
  });
});
