import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { listedAdmissionEvent } from '../support/catalog';
import {
  addDays,
  dateFirstForm,
  focusedLabel,
  SELLER,
  tabTo,
  venueTimeLabel,
  POLL,
} from '../support/reserve';
import { availableDays, sessionsOn } from '../support/session-reads';
import { useBrowserPage } from '../support/page-fixture';

// spec: shopping §2 "Date-first reserve page" — "Show more dates" opens the "Choose date" modal
// calendar: left/right move a day, up/down a week, Enter selects; Escape closes the top modal
describe('the "Choose date" calendar by keyboard alone', () => {
  const fx = useBrowserPage();

  it('opens with Enter, moves by day and week, selects with Enter, closes with Escape', async () => {
    const { page, baseUrl } = fx;
    const { config, event } = await listedAdmissionEvent(page, baseUrl, SELLER);
    const days = await availableDays(baseUrl, event.id);
    const byDate = new Map(days.map((d) => [d.date, d]));
    const start = days[0];
    if (!start) throw new Error(`${event.name} has no bookable day`);
    // Right, Down, Down: a day and two weeks on, past the 8 date buttons; then Right until a
    // bookable day (each press is a day)
    let target = addDays(start.date, 15);
    let extraRights = 0;
    while (!byDate.has(target) && extraRights < 14) {
      target = addDays(target, 1);
      extraRights++;
    }
    const targetDay = byDate.get(target);
    if (!targetDay) throw new Error(`no bookable day from ${addDays(start.date, 15)} on`);

    await page.goto(`/${SELLER}/events/${event.id}`);
    const form = dateFirstForm(page);
    const single = form.getByRole('button', { name: 'Visit on a specific date' });
    await single.waitFor();
    await tabTo(page, single);
    await page.keyboard.press('Enter');
    const showMore = form.getByRole('button', { name: 'Show more dates' });
    await tabTo(page, showMore);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Choose date' });
    await dialog.waitFor();
    // focus starts on the first bookable date
    await expect.poll(() => focusedLabel(page), POLL).toContain(start.longFormat);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => focusedLabel(page), POLL)
      .toContain(longDate(addDays(start.date, 1), config.locale));
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => focusedLabel(page), POLL)
      .toContain(longDate(addDays(start.date, 8), config.locale));
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => focusedLabel(page), POLL)
      .toContain(longDate(addDays(start.date, 1), config.locale));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => focusedLabel(page), POLL)
      .toContain(longDate(addDays(start.date, 15), config.locale));
    for (let i = 0; i < extraRights; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedLabel(page), POLL).toContain(targetDay.longFormat);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');

    await dialog.waitFor({ state: 'detached' });
    const dates = form.getByRole('group', { name: 'Date' });
    const chosen = dates.getByRole('button', { name: targetDay.longFormat });
    await expect.poll(() => chosen.getAttribute('aria-pressed'), POLL).toBe('true');
    // the day's sessions load: every time shown is one of that day's sessions
    const sessions = await sessionsOn(baseUrl, event.id, target);
    const times = await Promise.all(
      sessions.map((s) => venueTimeLabel(page, s.start_datetime, config.timezone, config.locale)),
    );
    const radios = form.getByRole('group', { name: 'Time' }).getByRole('radio');
    await radios.first().waitFor();
    const shown = await radios.evaluateAll((els) =>
      els.map((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const label of shown) expect(times.some((time) => label.startsWith(time))).toBe(true);

    // Escape closes the modal and keeps the chosen date
    await tabTo(page, showMore);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => focusedLabel(page), POLL).toContain(targetDay.longFormat);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await chosen.getAttribute('aria-pressed')).toBe('true');
  });
});

/** "Monday, November 30, 2026": how the calendar names a day (UTC noon keeps the date). */
function longDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'full' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
