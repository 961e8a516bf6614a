import { expect, test, type Page } from '@playwright/test';
import { Api, SUCCESS, confirm, expectFieldError, expectToast, rowWith, signInViaApi, unique } from './helpers';

const DISABLE = "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?";
const ENABLE = "Voulez-vous vraiment réactiver l'accès de ce client à l'api ?";
const MASK = '••••••••';

const customersList = (page: Page) => page.getByTestId('customers-list');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('the customers page: title, breadcrumb and documentation link', async ({ page }) => {
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: "Clients de l'api" })).toBeVisible();
  const breadcrumb = page.getByTestId('breadcrumb');
  await expect(breadcrumb.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
  await expect(breadcrumb).toContainText("Clients de l'api");

  const docs = page.getByRole('link', { name: 'Documentation de l’api' });
  await expect(docs).toHaveAttribute('href', 'https://docs.example.com/api');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', /noopener/);
});

test('create a customer: redirect to the list with its generated, masked credentials', async ({ page, context }) => {
  const name = `Client Créé ${unique()}`;
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Ajouter' }).click();
  await expect(page).toHaveURL(/\/customers\/create$/);
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeChecked();
  await page.getByLabel('Nom').fill(name);
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/customers$/);
  await expectToast(page, SUCCESS);
  const row = rowWith(customersList(page), name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  const created = (await new Api(page.request).customers()).find((c) => c.name === name);
  expect(created).toBeDefined();
  expect(created!.client_secret.length).toBeGreaterThanOrEqual(22);
  await expect(row).toContainText(created!.client_id);
  await expect(row).toContainText(created!.client_id_sandbox);

  // Both secrets are masked, and neither appears in clear.
  const secrets = row.getByTestId('secret-value');
  await expect(secrets).toHaveText([MASK, MASK]);
  await expect(row).not.toContainText(created!.client_secret);
  await expect(row).not.toContainText(created!.client_secret_sandbox);

  // The eye reveals the Prod secret, then masks it again.
  const prod = row.getByTestId('secret').first();
  await prod.getByRole('button', { name: 'Afficher le secret' }).click();
  await expect(prod.getByTestId('secret-value')).toHaveText(created!.client_secret);
  await expect(prod.getByTestId('secret-value')).toHaveAttribute('data-revealed', 'true');
  await expect(secrets.nth(1)).toHaveText(MASK);
  await prod.getByRole('button', { name: 'Masquer le secret' }).click();
  await expect(prod.getByTestId('secret-value')).toHaveText(MASK);

  const sandbox = row.getByTestId('secret').nth(1);
  await sandbox.getByRole('button', { name: 'Afficher le secret' }).click();
  await expect(sandbox.getByTestId('secret-value')).toHaveText(created!.client_secret_sandbox);

  // Copy puts the (still masked) Prod secret on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await prod.getByRole('button', { name: 'Copier' }).click();
  await expectToast(page, 'Copié dans le presse-papiers');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created!.client_secret);
});

test('toggle a customer from the list with the exact confirmations', async ({ page, request }) => {
  const api = await Api.signedIn(request);
  const customer = await api.createCustomer({ name: `Client Bascule ${unique()}` });

  await page.goto('/customers');
  const row = rowWith(customersList(page), customer.name);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  await row.getByRole('button', { name: 'Désactiver' }).click();
  await confirm(page, DISABLE, 'Désactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Désactivé');
  expect((await api.customers()).find((c) => c.id === customer.id)?.status).toBe(0);

  await row.getByRole('button', { name: 'Activer', exact: true }).click();
  await confirm(page, ENABLE, 'Réactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');
  expect((await api.customers()).find((c) => c.id === customer.id)?.status).toBe(1);
});

test('edit a customer: credentials saved in place, a client_id taken by another customer is refused', async ({ page, request }) => {
  const api = await Api.signedIn(request);
  const id = unique();
  const customer = await api.createCustomer({ name: `Client Édité ${id}` });
  const other = await api.createCustomer({ name: `Client Autre ${id}` });
  const newClientId = `e2e-prod-${id}`;

  await page.goto('/customers');
  await rowWith(customersList(page), customer.name).getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: `${customer.name} Données de connexion` })).toBeVisible();
  const clientId = page.getByLabel('Client_id (Prod)');
  await expect(clientId).toHaveValue(customer.client_id);
  await expect(page.getByLabel('Client_secret (Prod)')).toHaveValue(customer.client_secret);
  await expect(page.getByLabel('Client_id (Sandbox)')).toHaveValue(customer.client_id_sandbox);
  await expect(page.getByLabel('Client_secret (Sandbox)')).toHaveValue(customer.client_secret_sandbox);
  await expect(page.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/customers');

  await clientId.fill(newClientId);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}/edit$`));
  await expect(clientId).toHaveValue(newClientId);
  expect((await api.customers()).find((c) => c.id === customer.id)?.client_id).toBe(newClientId);

  await clientId.fill(other.client_id);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectFieldError(clientId, 'Cette valeur du champ Client_id (Prod) est déjà utilisée.');
  expect((await api.customers()).find((c) => c.id === customer.id)?.client_id).toBe(newClientId);

  // Back to the list: the saved client_id shows in the row.
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(rowWith(customersList(page), customer.name)).toContainText(newClientId);
});
