import { expect, test, type Page } from '@playwright/test';
import { QUEUE_SOURCES } from '../../contract/rne';
import { validSirens } from '../helpers/sirens';
import { Api, confirm, expectToast, rowWith, signInViaApi } from './helpers';

/**
 * Bulk actions of the RNE queue tables on /supervisions/dirigeants (the officers queue): the entries waiting
 * (« En attente ») removed one ticked row, then every row of a SIREN search through « Tout sélectionner (N) »; the
 * parked entries (« En échec ») of the demo requeued (one ticked row) then removed (the whole page). Each action
 * asks with the count of entries and toasts the count the server answered. One source (the chip of its reason)
 * is cleared through « Tout sélectionner (N) », the others stay.
 */

const waiting = (page: Page) => page.getByTestId('waiting-officers');
const parked = (page: Page) => page.getByTestId('parked-officers');
const bar = (page: Page) => page.getByTestId('bulk-bar');
interface EntryPage {
  data: Array<{ id: number; siren: string }>;
  total: number;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('waiting entries: a ticked one removed, then every entry of a search through « Tout sélectionner (11) »', async ({ page }) => {
  const api = new Api(page.request);
  // Twelve SIRENs sharing their first six digits, new to this run's queues.
  const base = 90_000_000 + 100 * Math.floor(Math.random() * 90_000);
  const sirens = validSirens(12, base);
  const prefix = String(base).slice(0, 6);
  await api.post('/api/supervisions/queues/officers/sirens', { sirens });

  await page.goto('/supervisions/dirigeants?waiting.per_page=10');
  const search = waiting(page).getByRole('searchbox', { name: 'Rechercher' });
  await search.fill(prefix);
  await search.press('Enter');
  await expect(waiting(page).locator('tbody tr[data-row-key]')).toHaveCount(10);

  await rowWith(waiting(page), sirens[0]).getByRole('checkbox').check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('1 ligne sélectionnée');
  await bar(page).getByRole('button', { name: 'Retirer', exact: true }).click();
  await confirm(page, 'Retirer 1 entrée de la file\u202f?', 'Retirer');
  await expectToast(page, '1 entrée retirée de la file.');
  await expect(rowWith(waiting(page), sirens[0])).toHaveCount(0);

  await waiting(page).getByRole('columnheader').getByRole('checkbox').check();
  await bar(page).getByRole('button', { name: 'Tout sélectionner (11)' }).click();
  await bar(page).getByRole('button', { name: 'Retirer', exact: true }).click();
  await confirm(page, 'Retirer 11 entrées de la file\u202f?', 'Retirer');
  await expectToast(page, '11 entrées retirées de la file.');
  await expect(waiting(page).getByTestId('list-empty')).toBeVisible();
  const left = await api.post<EntryPage>('/api/supervisions/queues/officers/waiting/filter?page=1', { search: prefix });
  expect(left.total).toBe(0);
});

test('parked entries: a ticked one requeued, the others removed; « En échec (0) »', async ({ page }) => {
  const api = new Api(page.request);
  const demo = await api.post<EntryPage>('/api/supervisions/queues/officers/parked/filter?page=1', { pagination: { per_page: 200 } });
  expect(demo.total).toBeGreaterThan(1);
  const first = demo.data[0];

  await page.goto('/supervisions/dirigeants');
  await expect(parked(page).locator('tbody tr[data-row-key]')).toHaveCount(demo.total);
  await parked(page).locator(`tbody tr[data-row-key="${first.id}"]`).getByRole('checkbox').check();
  await bar(page).getByRole('button', { name: 'Remettre en file', exact: true }).click();
  await confirm(page, 'Remettre 1 entrée en file\u202f?', 'Remettre en file');
  await expectToast(page, '1 entrée remise en file.');
  await expect(parked(page).locator('tbody tr[data-row-key]')).toHaveCount(demo.total - 1);
  // Back among the waiting entries (or already there: one pending entry per SIREN).
  const back = await api.post<EntryPage>('/api/supervisions/queues/officers/waiting/filter?page=1', { search: first.siren });
  expect(back.total).toBe(1);

  const rest = demo.total - 1;
  await parked(page).getByRole('columnheader').getByRole('checkbox').check();
  await bar(page).getByRole('button', { name: 'Retirer', exact: true }).click();
  await confirm(page, `Retirer ${rest} entrée${rest > 1 ? 's' : ''} de la file\u202f?`, 'Retirer');
  await expectToast(page, `${rest} entrée${rest > 1 ? 's' : ''} retirée${rest > 1 ? 's' : ''} de la file.`);
  await expect(parked(page).getByTestId('list-empty')).toBeVisible();
  await expect(page.getByTestId('parked-section-officers')).toContainText('En échec (0)');
});

test('one source cleared: its chip, « Tout sélectionner (N) », Retirer; the other sources stay', async ({ page }) => {
  const api = new Api(page.request);
  const total = async (queue: string, search: string) =>
    (await api.post<EntryPage>(`/api/supervisions/queues/${queue}/waiting/filter?page=1`, { search })).total;
  // A source of the demo's waiting entries (queued from its BODACC and INSEE samples), and one entry added by hand.
  const candidates = (['officers', 'accounts'] as const).flatMap((queue) => QUEUE_SOURCES[queue].filter((r) => r !== 'Saisie manuelle').map((source) => ({ queue, source })));
  let chosen: { queue: 'officers' | 'accounts'; source: string; n: number } | undefined;
  for (const c of candidates) {
    const n = await total(c.queue, `motif:${c.source}`);
    if (n > 0) {
      chosen = { ...c, n };
      break;
    }
  }
  expect(chosen).toBeDefined();
  const { queue, source, n } = chosen!;
  await api.post(`/api/supervisions/queues/${queue}/sirens`, { sirens: validSirens(1, 91_000_000 + Math.floor(Math.random() * 900_000)) });
  const manual = await total(queue, 'motif:Saisie manuelle');
  expect(manual).toBeGreaterThan(0);

  const list = page.getByTestId(`waiting-${queue}`);
  await page.goto(`/supervisions/${queue === 'officers' ? 'dirigeants' : 'reports'}?waiting.per_page=10`);
  await list.getByRole('checkbox', { name: source, exact: true }).click();
  await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(Math.min(n, 10));
  await list.getByRole('columnheader').getByRole('checkbox').check();
  const fr = n.toLocaleString('fr-FR');
  const s = n > 1 ? 's' : '';
  if (n > 10) await bar(page).getByRole('button', { name: `Tout sélectionner (${fr})` }).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText(`${fr} ligne${s} sélectionnée${s}`);
  await bar(page).getByRole('button', { name: 'Retirer', exact: true }).click();
  await confirm(page, `Retirer ${fr} entrée${s} de la file\u202f?`, 'Retirer');
  await expectToast(page, `${fr} entrée${s} retirée${s} de la file.`);
  await expect(list.getByTestId('list-empty')).toBeVisible();
  expect(await total(queue, `motif:${source}`)).toBe(0);
  expect(await total(queue, 'motif:Saisie manuelle')).toBe(manual);
});
