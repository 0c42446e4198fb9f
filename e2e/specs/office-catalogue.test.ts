import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { launchBrowser, newContext, saveFailureScreenshot } from '../support/browser';
import { browsableEvents, fetchAvailableEvents } from '../support/catalog';
import { OWNER, officeLogin } from '../support/office';
import { SELLER } from '../support/reserve';
import { startServer, type RunningServer } from '../support/server';

// issue #27: the owner changes the catalogue from the office as one seller file — downloads it,
// uploads it, sees the dry run's plan before anything changes, and applies it while the shop
// runs. The spec renames an event, so it starts its own server: the specs sharing the suite's
// server read the demo catalogue as seeded.

// the demo's exhibition (demo-museum.yaml `chronos-exhibition`), renamed by the second test
const EVENT_KEY = 'chronos-exhibition';
const OLD_NAME = 'Chronos: The Art of Measuring Time';
const NEW_NAME = 'Chronos: The Art of Keeping Time';

/** The download's shape (the office's GET seller_file): the YAML and its pictures. */
interface DownloadedFile {
  file_name: string;
  text: string;
}

describe('the office catalogue', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let folder: string | undefined;
  const pages: Page[] = [];

  beforeAll(async () => {
    [server, browser, folder] = await Promise.all([
      startServer({
        // the server keeps its cached reads a minute (the most it allows), not 2 s: a visitor
        // sees the change only if the import forgets them, not because they ran out
        env: { CACHED_API_SERVER_TTL_MS: '60000' },
        logName: 'server-office-catalogue.log',
        startupTimeoutMs: 300_000,
      }),
      launchBrowser(),
      mkdtemp(join(tmpdir(), 'office-catalogue-')),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      for (const [i, page] of pages.entries())
        await saveFailureScreenshot(page, `${task.name}-${i}`);
    }
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });

  /** A page in a context of its own: no cookies, and no browser cache of an earlier visit. */
  async function newPage(): Promise<Page> {
    const page = await (await newContext(browser!, server!.baseUrl)).newPage();
    pages.push(page);
    return page;
  }

  /** The owner signs in, opens Catalogue and downloads the seller file: its path and contents. */
  async function downloadAsOwner(owner: Page): Promise<{ path: string; file: DownloadedFile }> {
    await officeLogin(owner, OWNER);
    const nav = owner.getByRole('navigation', { name: 'Office sections' });
    await nav.getByRole('link', { name: 'Catalogue', exact: true }).click();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('main').getByRole('button', { name: 'Download seller file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${SELLER}.seller-file.json`);
    const path = await download.path();
    return { path, file: JSON.parse(await readFile(path, 'utf8')) as DownloadedFile };
  }

  /** Chooses a file in the upload field; the dry run's plan once it shows. */
  async function upload(main: Locator, path: string): Promise<Locator> {
    // the file field (its section is named by the same words, so not by its label)
    await main.locator('input[type="file"]').setInputFiles(path);
    const plan = main.getByRole('region', { name: 'What this upload would change' });
    await plan.waitFor();
    return plan;
  }

  /** The lines of one group of a plan ("Created", "Changed", "Removed"), as shown. */
  const planLines = (plan: Locator, group: string) =>
    plan.getByRole('region', { name: group, exact: true }).getByRole('listitem').allTextContents();

  /** A visitor opens the events listing: the link of the event named `name`, once drawn. */
  async function visitListing(name: string): Promise<{ visitor: Page; link: Locator }> {
    const visitor = await newPage();
    await visitor.goto(`/${SELLER}/events`);
    const main = visitor.getByRole('main');
    // a card that is always there: the listing has drawn its events
    await main.getByRole('link', { name: 'General Admission', exact: true }).waitFor();
    const link = main.getByRole('link', { name, exact: true });
    return { visitor, link };
  }

  it('an owner downloads the seller file, uploads it unchanged, sees the plan first, and applies it', async () => {
    const { baseUrl } = server!;
    const listed = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER));
    const owner = await newPage();
    const { path, file } = await downloadAsOwner(owner);
    for (const event of listed) expect(file.text).toContain(event.name);

    // the export/import round trip on the real demo catalogue: nothing to change
    const main = owner.getByRole('main');
    const plan = await upload(main, path);
    await plan.getByText('No changes: the catalogue already matches this file.').waitFor();
    await expectNoSeriousA11yViolations(owner);
    await main.getByRole('button', { name: 'Apply' }).click();
    await main.getByRole('heading', { name: 'The upload is applied' }).waitFor();

    // the visitor's catalogue is what it was
    const after = browsableEvents(await fetchAvailableEvents(baseUrl, SELLER));
    expect(after.map((event) => event.id).sort()).toEqual(listed.map((event) => event.id).sort());
  });

  it('an owner uploads a changed seller file, sees the diff, applies it, and a visitor sees the change at once', async () => {
    // a visitor reads the listing first, so the server holds the old catalogue in its caches
    const before = await visitListing(OLD_NAME);
    await before.link.waitFor();
    const eventPath = new URL((await before.link.getAttribute('href')) ?? '', before.visitor.url())
      .pathname;

    // the owner renames the exhibition in the file they downloaded
    const owner = await newPage();
    const { file } = await downloadAsOwner(owner);
    expect(file.text.split(OLD_NAME)).toHaveLength(2);
    const changed = join(folder!, `${SELLER}.seller-file.json`);
    await writeFile(
      changed,
      JSON.stringify({ ...file, text: file.text.replace(OLD_NAME, NEW_NAME) }),
    );

    // the dry run names the one change
    const main = owner.getByRole('main');
    const plan = await upload(main, changed);
    await plan.getByRole('heading', { name: 'Changed (1)' }).waitFor();
    expect(await planLines(plan, 'Changed')).toEqual([`event ${EVENT_KEY}: name`]);
    for (const group of ['Created', 'Removed'])
      expect(await plan.getByRole('region', { name: group, exact: true }).count()).toBe(0);
    // a visitor still sees the old name (that the dry run writes nothing is the API test's:
    // office-catalogue.test.ts reads the table, which this server's cache would hide)
    const planned = await visitListing(OLD_NAME);
    await planned.link.waitFor();
    expect(await planned.visitor.getByRole('link', { name: NEW_NAME }).count()).toBe(0);

    await main.getByLabel('Reason (for the audit log)').fill('The exhibition’s new title');
    await main.getByRole('button', { name: 'Apply' }).click();
    const applied = main.getByRole('region', { name: 'The upload is applied' });
    await applied.waitFor();
    expect(await planLines(applied, 'Changed')).toEqual([`event ${EVENT_KEY}: name`]);

    // a new visitor, on the same running server: the listing and the event's page say the new
    // name on their first load (the import forgets the seller's cached reads, decision 0097)
    const after = await visitListing(NEW_NAME);
    await after.link.waitFor();
    expect(await after.visitor.getByRole('link', { name: OLD_NAME }).count()).toBe(0);
    await after.link.click();
    await after.visitor.getByRole('heading', { level: 1, name: NEW_NAME }).waitFor();
    expect(new URL(after.visitor.url()).pathname).toBe(eventPath);
  });
});
