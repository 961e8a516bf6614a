import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, E2E_ADMIN, SUCCESS, expectToast, sidebar, signInViaApi, unique } from './helpers';

/**
 * « Journal d’audit » (docs/audit.md): the writes of a session show on /audit (Date, Administrateur,
 * Action, Ressource, Identifiant, Détail « champ : avant → après », IP); the « Historique » link of an edit page
 * opens it filtered on that record, with the bulk actions that changed it; « Exporter CSV » gives the same rows.
 */

interface ApiGroup {
  id: number;
  name: string;
}
interface ApiDeal {
  id: number;
  entities: { id: number }[];
}

test('a session’s writes show on /audit, and the « Historique » of an edit page lists that record’s entries', async ({ page }) => {
  await signInViaApi(page);
  const api = new Api(page.request);
  const first = `Audit ${unique()}`;
  const group = await api.post<ApiGroup>('/api/groups/store', { name: first, status: 1 });

  // A write through the screens: rename the group on its edit page.
  await page.goto(`/groups/${group.id}/edit`);
  const name = page.getByRole('textbox', { name: 'Nom', exact: true });
  await expect(name).toHaveValue(first);
  await name.fill(`${first} bis`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);

  // « Historique »: /audit filtered on the group, newest first.
  await page.getByTestId('history-link').click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?resource=groups&resource_id=${group.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
  await expect(page.getByTestId('audit-record')).toHaveText(`Groupes n°\u00a0${group.id}`);
  const list = page.getByTestId('audit-list');
  await expect(list.getByRole('columnheader')).toHaveText(['Date', 'Administrateur', 'Action', 'Ressource', 'Identifiant', 'Détail', 'IP']);
  const rows = list.locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Modification');
  await expect(rows.nth(0)).toContainText(E2E_ADMIN.email);
  await expect(rows.nth(0).getByTestId('audit-detail')).toHaveText(`name\u00a0: ${first} → ${first} bis`);
  await expect(rows.nth(1)).toContainText('Création');

  // The export holds the same two entries.
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Exporter CSV' }).click()]);
  const lines = fs.readFileSync((await download.path())!, 'utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Date;Administrateur;Action;Ressource;Identifiant;Détail;IP');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`;${E2E_ADMIN.email};Modification;Groupes;${group.id};name\u00a0: ${first} → ${first} bis;`);

  // The whole log from the sidebar: the rename is there, and a toggle made meanwhile comes first.
  await api.post(`/api/groups/togglestatus/${group.id}`);
  await sidebar(page).getByRole('link', { name: 'Journal d’audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  const top = page.getByTestId('audit-list').locator('tbody tr[data-row-key]').first();
  await expect(top).toContainText('Changement de statut');
  await expect(top.getByTestId('audit-detail')).toHaveText('status\u00a0: 1 → 0');
});

test('the edit pages of customers and deal roles link to their « Historique »', async ({ page }) => {
  await signInViaApi(page);
  const api = new Api(page.request);
  const customer = await api.createCustomer({ name: `Client audit ${unique()}` });
  await page.goto(`/customers/${customer.id}/edit`);
  await expect(page.getByTestId('history-link')).toHaveAttribute('href', `/audit?resource=api_customers&resource_id=${customer.id}`);
  const role = await api.post<{ id: number }>('/api/transactions/storerole', { name: `Rôle audit ${unique()}`, display_name: 'Audit', status: 1 });
  await page.goto(`/transactions/${role.id}/editrole`);
  await page.getByTestId('history-link').click();
  await expect(page.getByTestId('audit-list').locator('tbody tr[data-row-key]')).toHaveCount(1);
  await expect(page.getByTestId('audit-list').locator('tbody tr[data-row-key]').first()).toContainText('Création');
});

test('the « Historique » of a deal lists the bulk action that deactivated it, in French', async ({ page }) => {
  await signInViaApi(page);
  const api = new Api(page.request);
  const name = `Lot historique ${unique()}`;
  const store = (n: number) =>
    api.post<ApiDeal>('/api/transactions/storedeal', {
      deal_identifier: `E2E-HIST-${n}-${unique()}`,
      currency: 'EUR',
      status: 1,
      entities: [{ siren: validSiren(n, 68_000_000), name: `${name} ${n}`, entityrole_id: 0 }],
    });
  const [a, b] = [await store(1), await store(2)];
  await api.post('/api/transactions/bulk/deactivate', { ids: [...a.entities, ...b.entities].map((e) => e.id) });

  await page.goto(`/transactions/${a.id}/editdeal`);
  await page.getByTestId('history-link').click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?resource=deals&resource_id=${a.id}$`));
  const rows = page.getByTestId('audit-list').locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('désactivée (action groupée, 2 transactions)');
  await expect(rows.nth(0)).toContainText(E2E_ADMIN.email);
  await expect(rows.nth(0).getByTestId('audit-detail')).toHaveText('sélection\u00a0: 2 lignes cochées');
  await expect(rows.nth(1)).toContainText('Création');
});
