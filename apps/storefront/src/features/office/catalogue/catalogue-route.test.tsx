import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffImportResult, StaffSellerFile } from '@admit/contracts/staff-api';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub, errorResponse, type StubRequest } from '@/testing/fetch-stub';
import { officeSessionOf } from '@/features/office/testing/office-session-fixture';
import axe from 'axe-core';
import { readText } from './browser-file';

/** The owner's catalogue page through the office's real route (decision 0089). */

const sellerFile: StaffSellerFile = {
  file_name: 'demo-museum.yaml',
  text: 'seller:\n  slug: demo-museum\n  currency: USD\n',
  pictures: [{ path: 'pictures/hall.png', base64: 'iVBORw0KGgo=' }],
};
const collection = <T,>(data: T[]) => ({ _count: data.length, _total: data.length, _data: data });
const result = (dryRun: boolean): StaffImportResult => ({
  seller: 'demo-museum',
  dry_run: dryRun,
  changes: [
    '+ ticket type Senior',
    '~ ticket type Adult: amount',
    '- event Night Tour',
    '+ 30 sessions of daily (2029-06-01 … 2029-06-30)',
  ],
  refusals: [],
});
const asUpload = (content: unknown, name = 'demo-museum.seller-file.json') =>
  new File([JSON.stringify(content)], name, { type: 'application/json' });
const imports = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/office/seller_file');

beforeAll(async () => {
  await import('@/features/office/shell/office-route');
  await import('@/features/office/catalogue/catalogue-page');
});
afterEach(() => vi.restoreAllMocks());

describe('the office catalogue page', () => {
  it('shows the dry run’s plan first, and applies the same file only when asked', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'POST /api/office/seller_file': (request: StubRequest) => ({
        seller_file_import: collection([result((request.body as { dry_run: boolean }).dry_run)]),
      }),
    });
    const { user, container } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    await user.upload(input, asUpload(sellerFile));

    const plan = await screen.findByRole('region', { name: 'What this upload would change' });
    expect(within(plan).getByRole('region', { name: 'Created' })).toHaveTextContent(
      'ticket type Senior',
    );
    expect(within(plan).getByText('30 sessions of daily (2029-06-01 … 2029-06-30)')).toBeVisible();
    expect(within(plan).getByRole('region', { name: 'Changed' })).toHaveTextContent(
      'ticket type Adult: amount',
    );
    expect(within(plan).getByRole('region', { name: 'Removed' })).toHaveTextContent(
      'event Night Tour',
    );
    // contrast needs a real layout (the e2e checks it in Chromium)
    const audit = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => v.id)).toEqual([]);
    // only the dry run was sent: the plan is shown, nothing applied
    expect(imports(fetch.requests).map((r) => r.body)).toEqual([{ ...sellerFile, dry_run: true }]);

    // by keyboard: the reason typed, Tab to Apply, Enter
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'summer prices');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'The upload is applied' })).toHaveTextContent(
      'ticket type Senior',
    );
    // the Apply button is gone: the focus is on the result, not fallen to the page
    expect(screen.getByRole('heading', { name: 'The upload is applied' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'What this upload would change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(imports(fetch.requests).map((r) => r.body)).toEqual([
      { ...sellerFile, dry_run: true },
      { ...sellerFile, dry_run: false, reason: 'summer prices' },
    ]);
  });

  it('shows a broken file’s problems as the API’s file:line lines, with nothing to apply', async () => {
    const problems = [
      'demo-museum.yaml:3  seller.currency: Invalid input: expected a currency code',
      'demo-museum.yaml:?  (file): pictures/hall.png is not a picture',
    ];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'POST /api/office/seller_file': () =>
        errorResponse(
          400,
          'validation_failed',
          `demo-museum.yaml: 2 problems\n${problems.map((p) => `  ${p}`).join('\n')}`,
          { problems },
        ),
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    await user.upload(input, asUpload(sellerFile));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('demo-museum.yaml: 2 problems')).toBeVisible();
    // the lines exactly, their two spaces after file:line kept
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(problems);
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(imports(fetch.requests)).toHaveLength(1);
  });

  it('shows the API’s refusal when the import itself is refused', async () => {
    const refusals = ['layout Main Hall: 12 sold seats on sessions from 2029-06-01'];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'POST /api/office/seller_file': (request: StubRequest) =>
        (request.body as { dry_run: boolean }).dry_run
          ? { seller_file_import: collection([result(true)]) }
          : errorResponse(
              409,
              'conflict',
              `The import was refused; nothing was changed:\n  ${refusals[0]}`,
              { refusals },
            ),
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    await user.upload(input, asUpload(sellerFile));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import was refused; nothing was changed:');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(refusals[0]!);
    expect(screen.queryByRole('region', { name: 'The upload is applied' })).toBeNull();
  });

  it('shows a dry run’s refusals and offers nothing to apply', async () => {
    const refusals = ['event Night Tour: 3 tickets sold on sessions from 2029-06-01'];
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'POST /api/office/seller_file': {
        seller_file_import: collection([{ ...result(true), refusals }]),
      },
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    await user.upload(input, asUpload(sellerFile));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Applying it would be refused:');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(refusals[0]!);
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('takes a seller file’s YAML alone, sent with the pictures the catalogue has now', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/seller_file': { seller_file: collection([sellerFile]) },
      'POST /api/office/seller_file': (request: StubRequest) => ({
        seller_file_import: collection([result((request.body as { dry_run: boolean }).dry_run)]),
      }),
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    const edited = 'seller:\n  slug: demo-museum\n  currency: GBP\n';
    await user.upload(input, new File([edited], 'museum.yaml', { type: 'application/yaml' }));

    await screen.findByRole('region', { name: 'What this upload would change' });
    expect(imports(fetch.requests).map((r) => r.body)).toEqual([
      { file_name: 'museum.yaml', text: edited, pictures: sellerFile.pictures, dry_run: true },
    ]);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('region', { name: 'The upload is applied' });
    expect(imports(fetch.requests)[1]!.body).toEqual({
      file_name: 'museum.yaml',
      text: edited,
      pictures: sellerFile.pictures,
      dry_run: false,
    });
  });

  it('says so when the catalogue’s pictures for a YAML upload cannot be read, and sends nothing', async () => {
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/seller_file': () => errorResponse(500, 'internal_error', 'Try again later'),
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    await user.upload(input, new File(['seller: {}\n'], 'museum.yml'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later');
    expect(imports(fetch.requests)).toEqual([]);
  });

  it('sends nothing for a file that is not a seller file', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': officeSessionOf('owner') });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const input = await screen.findByLabelText('Upload a seller file', { selector: 'input' });
    await user.upload(input, asUpload({ seller: 'demo-museum' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not a seller file/);
    expect(imports(fetch.requests)).toEqual([]);
  });

  it('downloads the current file in the API’s shape, which the upload takes back', async () => {
    const saved: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:seller-file';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/seller_file': { seller_file: collection([sellerFile]) },
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    await user.click(await screen.findByRole('button', { name: 'Download seller file' }));
    await waitFor(() => expect(names).toEqual(['demo-museum.seller-file.json']));
    expect(JSON.parse(await readText(saved[0]!))).toEqual(sellerFile);
  });

  // issue #27 audit gap 6: a browser moves the focus off a button that becomes disabled
  it('keeps the keyboard’s focus on the download while the file is prepared, and asks once', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:seller-file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saves = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let answer: (value: unknown) => void = () => {};
    const fetch = createFetchStub({
      'GET /api/office/me': officeSessionOf('owner'),
      'GET /api/office/seller_file': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderRoute('/office/catalogue', { fetch });
    const download = await screen.findByRole('button', { name: 'Download seller file' });
    while (document.activeElement !== download) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(download).toHaveAttribute('aria-disabled', 'true'));
    expect(download).toHaveTextContent('Preparing the file…');
    expect(download).not.toBeDisabled();
    expect(download).toHaveFocus();
    await user.keyboard('{Enter}');
    const asked = () => fetch.requests.filter((r) => r.url.pathname === '/api/office/seller_file');
    expect(asked()).toHaveLength(1);
    answer({ seller_file: collection([sellerFile]) });
    await waitFor(() => expect(download).toHaveTextContent('Download seller file'));
    expect(saves).toHaveBeenCalledTimes(1);
    expect(download).toHaveFocus();
  });

  it('is the owner’s only', async () => {
    const fetch = createFetchStub({ 'GET /api/office/me': officeSessionOf('box_office') });
    renderRoute('/office/catalogue', { fetch });
    expect(await screen.findByText(/not allow this page|no office page/)).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname === '/api/office/seller_file')).toBe(false);
  });
});
