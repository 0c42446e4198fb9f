import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveFailureScreenshot } from '../support/browser';
import { browsableEvents, fetchAvailableEvents } from '../support/catalog';
import { OWNER, officeLogin } from '../support/office';
import { useBrowserPage } from '../support/page-fixture';
import { SELLER } from '../support/reserve';

// issue #27: the owner changes the catalogue from the office as one seller file — downloads it,
// uploads it, sees the dry run's plan before anything changes, and applies it. The file is sent
// back unchanged (other specs share this server's catalogue): the plan must then be empty, which
// is also the export/import round trip on the real demo catalogue.
describe('the office catalogue', () => {
  const fx = useBrowserPage();

  it('an owner downloads the seller file, uploads it, sees the plan first, and applies it', async () => {
    const { browser, baseUrl } = fx;
    const listed = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER));
    const owner = await (await browser.newContext({ baseURL: baseUrl, locale: 'en-US' })).newPage();
    try {
      await officeLogin(owner, OWNER);
      const nav = owner.getByRole('navigation', { name: 'Office sections' });
      await nav.getByRole('link', { name: 'Catalogue', exact: true }).click();
      const main = owner.getByRole('main');

      const [download] = await Promise.all([
        owner.waitForEvent('download'),
        main.getByRole('button', { name: 'Download seller file' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${SELLER}.seller-file.json`);
      const path = await download.path();
      const file = JSON.parse(await readFile(path, 'utf8')) as { file_name: string; text: string };
      for (const event of listed) expect(file.text).toContain(event.name);

      // the file field (its section is named by the same words)
      await main.locator('input[type="file"]').setInputFiles(path);
      await main.getByRole('heading', { name: 'What this upload would change' }).waitFor();
      await main.getByText('No changes: the catalogue already matches this file.').waitFor();
      await expectNoSeriousA11yViolations(owner);
      await main.getByRole('button', { name: 'Apply' }).click();
      await main.getByRole('heading', { name: 'The upload is applied' }).waitFor();

      // the visitor's catalogue is what it was
      const after = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER));
      expect(after.map((event) => event.id).sort()).toEqual(listed.map((event) => event.id).sort());
    } catch (error) {
      await saveFailureScreenshot(owner, 'office-catalogue');
      throw error;
    } finally {
      await owner.context().close();
    }
  });
});
