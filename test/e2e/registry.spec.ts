import { expect, test } from '@playwright/test';
import { Api, signInViaApi } from './helpers';

/**
 * The module registry changes nothing the user sees: the sidebar keeps its sections,
 * order, labels, icons and links, the news screens in one group; /home keeps its cards
 * (title, icon, counts from the server, link), the news categories' and the deals' ones added; every module's page still
 * opens at its route.
 */

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('the sidebar lists the sections in order, with their icons and links', async ({ page }) => {
  await page.goto('/home');
  const items = page.locator('.ant-layout-sider .ant-menu-item');
  await expect(items).toHaveCount(6);
  const expected = [
    { label: 'Dashboard', href: '/home', icon: 'dashboard' },
    { label: 'Administrateurs', href: '/admins', icon: 'team' },
    { label: "Clients de l'api", href: '/customers', icon: 'api' },
    { label: 'Journal des mises à jour', href: '/messages', icon: 'history' },
    { label: 'Groupes', href: '/groups', icon: 'cluster' },
    { label: 'Journal d’audit', href: '/audit', icon: 'audit' },
  ];
  for (const [i, item] of expected.entries()) {
    const entry = items.nth(i);
    await expect(entry.getByRole('link')).toHaveText(item.label);
    await expect(entry.getByRole('link')).toHaveAttribute('href', item.href);
    await expect(entry.locator(`.anticon-${item.icon}`)).toHaveCount(1);
  }
  // The section owning the current page is highlighted, sub-pages included.
  await expect(items.nth(0)).toHaveClass(/ant-menu-item-selected/);
  await page.goto('/groups/create');
  await expect(items.nth(4)).toHaveClass(/ant-menu-item-selected/);
  await expect(page.locator('.ant-layout-sider .ant-menu-item-selected')).toHaveCount(1);

  // The News group sits between the update log and the groups, closed until opened or one of its pages is shown.
  const top = page.locator('.ant-layout-sider .ant-menu-root > li');
  await expect(top.nth(4)).toHaveClass(/ant-menu-submenu/);
  await expect(top.nth(4).locator('.ant-menu-submenu-title')).toHaveText('News');
  await expect(top.nth(4).locator('.anticon-read')).toHaveCount(1);
  await expect(top.nth(5).getByRole('link')).toHaveText('Groupes');
  await page.goto('/news/articles/delete');
  const news = top.nth(4).locator('.ant-menu-item');
  await expect(news.getByRole('link')).toHaveText(['News en attente', 'Import CSV', 'Synchronisations', 'Catégories', 'Ajouter un article', 'Effacer un article']);
  await expect(page.locator('.ant-layout-sider .ant-menu-item-selected')).toHaveText('Effacer un article');
});

test('/home shows the five counter cards in order, counted by the server', async ({ page }) => {
  const stats = await new Api(page.request).get<Record<string, { active: number; total: number }>>('/api/dashboard/stats');
  expect(Object.keys(stats).sort()).toEqual(['admins', 'customers', 'deals', 'groups', 'news']);
  await page.goto('/home');
  const cards = [
    { key: 'admins', title: 'Administrateurs', icon: 'team', to: '/admins' },
    { key: 'customers', title: "Clients de l'api", icon: 'api', to: '/customers' },
    { key: 'groups', title: 'Groupes', icon: 'cluster', to: '/groups' },
    { key: 'news', title: 'Catégories de news', icon: 'read', to: '/news/categories' },
    { key: 'deals', title: 'Transactions', icon: 'swap', to: '/transactions' },
  ];
  const shown = page.locator('[data-testid^="stat-"]');
  await expect(shown).toHaveCount(5);
  for (const [i, card] of cards.entries()) {
    const el = shown.nth(i);
    await expect(el).toHaveAttribute('data-testid', `stat-${card.key}`);
    await expect(el).toContainText(card.title);
    await expect(el.locator(`.anticon-${card.icon}`)).toHaveCount(1);
    const { active, total } = stats[card.key];
    await expect(el).toContainText(new RegExp(`${active}\\s*${active > 1 ? 'actifs' : 'actif'} / ${total} au total`));
    await expect(el.getByRole('link', { name: 'Voir la liste' })).toHaveAttribute('href', card.to);
  }
});

test('/home does not load the groups to count them', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) calls.push(new URL(req.url()).pathname);
  });
  await page.goto('/home');
  await expect(page.getByTestId('stat-groups')).toContainText('au total');
  expect(calls).toContain('/api/dashboard/stats');
  expect(calls).not.toContain('/api/groups/all');
});

test('/home says when the counts failed, and Réessayer loads them', async ({ page }) => {
  let fail = true;
  await page.route('**/api/dashboard/stats', (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'Une erreur est survenue!' } }) : route.continue(),
  );
  await page.goto('/home');
  const error = page.getByTestId('dashboard-error');
  await expect(error).toHaveRole('alert');
  await expect(error).toContainText('Une erreur est survenue!');
  fail = false;
  await error.getByRole('button', { name: 'Réessayer' }).click();
  await expect(error).toBeHidden();
  await expect(page.getByTestId('stat-groups')).toContainText('au total');
});

test('every module route still opens its page', async ({ page }) => {
  // About thirty pages opened one after another: more than the default minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  const pages: [string, string][] = [
    ['/home', 'Tableau de bord'],
    ['/profile', 'Mon profil'],
    ['/profile/password', 'Changer le mot de passe'],
    ['/admins', 'Administrateurs'],
    ['/admins/create', 'Ajouter un administrateur'],
    ['/customers', "Clients de l'api"],
    ['/customers/create', 'Ajouter un client'],
    ['/messages', 'Journal des mises à jour'],
    ['/groups', 'Groupes de sirens'],
    ['/groups/create', 'Ajouter un groupe'],
    ['/news', 'News'],
    ['/news/import', 'Import CSV'],
    ['/news/synchronisations', 'Synchronisations'],
    ['/news/categories', 'Catégories de news'],
    ['/news/create', 'Ajouter une catégorie'],
    ['/news/articles/create', 'Ajouter un article'],
    ['/news/articles/delete', 'Effacer un article'],
    ['/audit', 'Journal d’audit'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toContainText(title);
  }
  // The edit routes (`:id` as the second path segment).
  const api = new Api(page.request);
  const customer = await api.createCustomer({ name: `Registre ${Date.now()}` });
  const group = await api.post<{ id: number }>('/api/groups/store', { name: `Registre ${Date.now()}` });
  const category = await api.post<{ id: number }>('/api/news/store', { name_fr: `Registre ${Date.now()}`, name_en: `Registry ${Date.now()}`, status: 1 });
  for (const path of ['/admins/1/edit', `/customers/${customer.id}/edit`, `/groups/${group.id}/edit`, `/news/${category.id}/edit`]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Enregistrer' }), path).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
});
