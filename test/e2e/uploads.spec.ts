import { expect, test, type Page } from '@playwright/test';
import { Api, expectToast, signInViaApi, unique } from './helpers';

/**
 * Every upload (news CSV, deals CSV, INSEE and BODACC files, avatar) shows the bytes sent out of the file's size
 * and « Annuler l’envoi ». The upload is slowed down by Chromium's network emulation (CDP
 * `Network.emulateNetworkConditions`, upload throughput) so that it lasts long enough to be seen and cancelled;
 * a cancelled upload leaves nothing on the server.
 */

/** Upload speed while an upload is to be watched and cancelled (bytes per second). */
const SLOW_UPLOAD = 64 * 1024;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

/** Slows every upload of `page` down to `bytesPerSecond` (Chromium's network emulation). */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/** `bytes` of filler text: a file big enough to take seconds to send at SLOW_UPLOAD. */
function bigFile(bytes: number, header = ''): Buffer {
  return Buffer.concat([Buffer.from(header), Buffer.alloc(bytes - header.length, 'x')]);
}

/**
 * Watches the upload of a file of `size` bytes under way: the bar, « … envoyés sur 1,2 Mo » growing, then
 * « Annuler l’envoi », the toast, and the upload gone.
 */
async function watchAndCancel(page: Page, size: string): Promise<void> {
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Progression de l’envoi du fichier' })).toBeVisible();
  const sent = progress.getByTestId('upload-sent');
  await expect(sent).toHaveText(new RegExp(`^[\\d,]+\u00a0(o|ko|Mo) envoyés sur ${size.replace(',', '\\,')}$`));
  // Bytes keep going out.
  await expect(sent).not.toHaveText(/^0\u00a0o envoyés/, { timeout: 15_000 });
  const first = await sent.textContent();
  await expect(sent).not.toHaveText(first!, { timeout: 15_000 });
  await progress.getByRole('button', { name: 'Annuler l’envoi' }).click();
  await expectToast(page, 'Envoi annulé\u00a0: le fichier n’a pas été envoyé, rien n’a été enregistré.', 'info');
  await expect(progress).toHaveCount(0);
}

test('a news CSV upload shows the bytes sent and can be cancelled: no import is recorded', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(page.request);
  const before = await api.get<{ job: { id: string } | null }>('/api/news/importjob');
  await page.goto('/news/import');
  const restore = await throttleUploads(page, SLOW_UPLOAD);
  await page.locator('input[type="file"]').setInputFiles({ name: `gros-${unique()}.csv`, mimeType: 'text/csv', buffer: bigFile(1_200_000, 'siren;nom;titre;categorie;source;lien;date\n') });
  await watchAndCancel(page, '1,2\u00a0Mo');
  await restore();
  // The drop zone is back, and the server kept no import of the cut file.
  await expect(page.getByText('Cliquez ou déposez un fichier CSV ici')).toBeVisible();
  await expect.poll(async () => (await api.get<{ job: { id: string } | null }>('/api/news/importjob')).job?.id ?? null).toBe(before.job?.id ?? null);
});

test('a deals CSV upload shows the bytes sent and can be cancelled: no file is recorded', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(page.request);
  const filesBefore = (await api.get<unknown[]>('/api/transactions/allfiles')).length;
  await page.goto('/transactions/import');
  const restore = await throttleUploads(page, SLOW_UPLOAD);
  await page.locator('input[type="file"]').setInputFiles({ name: `gros-${unique()}.csv`, mimeType: 'text/csv', buffer: bigFile(1_200_000, 'deal_id;deal_date;siren\n') });
  await watchAndCancel(page, '1,2\u00a0Mo');
  await restore();
  await expect(page.getByText('Cliquez ou déposez un fichier CSV ici')).toBeVisible();
  await expect(page.getByTestId('import-busy')).toHaveCount(0);
  const job = await api.get<{ job: { state: string } | null }>('/api/transactions/importjob');
  expect(job.job?.state ?? 'none').not.toMatch(/queued|running/);
  expect((await api.get<unknown[]>('/api/transactions/allfiles')).length).toBe(filesBefore);
});

test('an INSEE file upload shows the bytes sent and can be cancelled: no job, no file recorded', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(page.request);
  const filesBefore = (await api.get<unknown[]>('/api/supervisions/inseeCompanies')).length;
  await page.goto('/supervisions/insee');
  const restore = await throttleUploads(page, SLOW_UPLOAD);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await (await chooser).setFiles({ name: `StockUniteLegale_${unique()}.csv`, mimeType: 'text/csv', buffer: bigFile(1_200_000, 'siren,nic\n') });
  await watchAndCancel(page, '1,2\u00a0Mo');
  await restore();
  await expect(page.getByRole('button', { name: 'Importer un fichier' })).toBeVisible();
  expect(await api.get<unknown[]>('/api/supervisions/jobs')).toEqual([]);
  expect((await api.get<unknown[]>('/api/supervisions/inseeCompanies')).length).toBe(filesBefore);
});

test('an avatar upload shows the bytes sent and can be cancelled: the avatar stays', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/profile');
  const avatar = page.getByTestId('profile-avatar').locator('img');
  const src = await avatar.getAttribute('src');
  const restore = await throttleUploads(page, SLOW_UPLOAD);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload').click();
  await (await chooser).setFiles({ name: 'grand.png', mimeType: 'image/png', buffer: bigFile(1_200_000) });
  await watchAndCancel(page, '1,2\u00a0Mo');
  await restore();
  await page.reload();
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', src!);
});
