import { expect, test, type Locator, type Page } from '@playwright/test';
import { Api, E2E_ADMIN, PASSWORD, logout, signInViaApi, unique } from './helpers';

/**
 * Feedback that does not hide the work: toasts in the bottom-right corner, at most
 * three, one per action and never over the inline errors; what the UI refuses before the server does
 * (super admin, own account); the focus of destructive confirmations; error states with a retry; the
 * expired session; email format errors in French under the field.
 */

const ADD_FAILED = 'Une erreur est survenue.';
const toasts = (page: Page) => page.getByTestId('toast');
const textarea = (page: Page) => page.getByRole('textbox', { name: 'Ajouter des sirens (un par ligne)' });

/** True when the two boxes overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('element not visible');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * Rests the pointer on the one toast shown, as a reader does: its 8 s countdown pauses (antd's pauseOnHover), so
 * that a test watching for what comes next still finds it on screen however slowly the machine runs.
 */
async function readToast(page: Page): Promise<void> {
  await toasts(page).hover();
}

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

test.describe('toasts', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('bad SIREN lines: the errors under the textarea and exactly one toast, bottom right, clear of them', async ({ page }) => {
    const group = await api.post<{ id: number }>('/api/groups/store', { name: `Toasts ${unique()}`, status: 1 });
    await page.goto(`/groups/${group.id}/edit`);
    await textarea(page).fill('123456789\nabc');
    await page.getByRole('button', { name: 'Ajouter les sirens' }).click();
    await expect(page.getByText(/^Ligne 1/)).toBeVisible();
    await expect(page.getByText(/^Ligne 2/)).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveText(ADD_FAILED);
    await readToast(page);
    // Nothing else comes later (a second handler, a retry).
    await page.waitForTimeout(1500);
    await expect(toasts(page)).toHaveCount(1);

    // Bottom right: its right edge near the window's, its bottom near the window's bottom.
    const box = (await toasts(page).boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1440 - 60);
    expect(box.y + box.height).toBeGreaterThan(900 - 80);
    expect(box.x).toBeGreaterThan(1440 / 2);
    // Clear of the inline errors and of the textarea.
    expect(await overlaps(toasts(page), textarea(page))).toBe(false);
    expect(await overlaps(toasts(page), page.getByText(/^Ligne 2/))).toBe(false);
  });

  test('a double click on the button, after an earlier success: one toast, the failure', async ({ page }) => {
    const group = await api.post<{ id: number }>('/api/groups/store', { name: `Toasts ${unique()}`, status: 1 });
    await page.goto(`/groups/${group.id}/edit`);
    await textarea(page).fill('552032534');
    await page.getByRole('button', { name: 'Ajouter les sirens' }).click();
    await expect(toasts(page)).toHaveText(['Les sirens ont été mis à jour avec succès.1 ajouté, 0 déjà présent']);
    // The button spins until the first call has ended (the list read again): a click meanwhile does nothing, so a
    // user, like this test, waits for it.
    const add = page.getByRole('button', { name: 'Ajouter les sirens' });
    await expect(add).not.toHaveClass(/ant-btn-loading/);
    await textarea(page).fill('123456789\nabc');
    await add.dblclick();
    await expect(page.getByText(/^Ligne 2/)).toBeVisible();
    await expect(toasts(page)).toHaveText([ADD_FAILED]);
    await readToast(page);
    // Nothing else comes later (the second click's answer, a retry).
    await page.waitForTimeout(1500);
    await expect(toasts(page)).toHaveText([ADD_FAILED]);
  });

  test('a list refused as too large (413): one toast with the limits, the limits under the textarea', async ({ page }) => {
    const group = await api.post<{ id: number }>('/api/groups/store', { name: `Toasts ${unique()}`, status: 1 });
    await page.route('**/api/groups/addsirens', (route) => route.fulfill({ status: 413, json: { message: 'Request body is too large' } }));
    await page.goto(`/groups/${group.id}/edit`);
    await textarea(page).fill('552032534');
    await page.getByRole('button', { name: 'Ajouter les sirens' }).click();
    const tooLarge = 'La liste est trop volumineuse\u00a0: 200\u202f000 sirens au plus par envoi (8\u00a0Mo).';
    await expect(page.locator('.ant-form-item-explain').getByText(tooLarge, { exact: true })).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveAttribute('data-type', 'error');
    await expect(toasts(page).getByText(ADD_FAILED, { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(tooLarge, { exact: true })).toBeVisible();
  });

  test('an administrator with a taken email: the error under Email, and no toast', async ({ page }) => {
    await page.goto('/admins/create');
    await page.getByLabel('Prénom & nom').fill(`Doublon ${unique()}`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Cet email est déjà utilisé par un autre administrateur.');
    await page.waitForTimeout(1000);
    await expect(toasts(page)).toHaveCount(0);
  });
});

test('a destructive confirmation puts the focus on Annuler: Enter cancels', async ({ page }) => {
  const id = unique();
  const admin = await api.createAdmin({ name: `Focus ${id}`, email: `focus-${id}@example.com` });
  await page.goto('/admins');
  const row = page.getByTestId('admins-list').locator(`tbody tr[data-row-key="${admin.id}"]`);
  await row.getByRole('button', { name: 'Désactiver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Désactiver' })).not.toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');
  expect((await api.admins()).find((a) => a.id === admin.id)?.status).toBe(1);
});

test.describe('a failed list', () => {
  test('client mode (/admins): the error and Réessayer, never the empty text; Réessayer loads it', async ({ page }) => {
    await page.route('**/api/admins/all', (route) => route.fulfill({ status: 500, json: { message: 'Une erreur est survenue!' } }));
    await page.goto('/admins');
    const list = page.getByTestId('admins-list');
    const error = list.getByTestId('list-error');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toContainText('Une erreur est survenue!');
    await expect(list.getByTestId('list-empty')).toHaveCount(0);
    await expect(list.getByText('Aucun résultat trouvé')).toHaveCount(0);

    await page.unroute('**/api/admins/all');
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await expect(error).toBeHidden();
    await expect(list.locator('tbody tr[data-row-key="1"]')).toBeVisible();
  });

  test('server mode (/messages): the error and Réessayer; a page too deep says so', async ({ page }) => {
    let answer: { status: number; json: unknown } | null = { status: 500, json: { message: 'Une erreur est survenue!' } };
    await page.route('**/api/messages/filter**', (route) => (answer ? route.fulfill(answer) : route.continue()));
    await page.goto('/messages');
    const list = page.getByTestId('log-list');
    const error = list.getByTestId('list-error');
    await expect(error).toContainText('Une erreur est survenue!');
    await expect(list.getByText('Aucun résultat trouvé')).toHaveCount(0);

    const deep = 'Cette page est trop loin dans la liste (au-delà de 100\u202f000 lignes)\u00a0: affinez la recherche ou inversez le tri.';
    answer = { status: 422, json: { message: deep, errors: { page: [deep] } } };
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await expect(error).toContainText(deep);
    await expect(error).not.toContainText('Une erreur est survenue!');
    await expect(list.getByText('Aucun résultat trouvé')).toHaveCount(0);

    answer = null;
    await error.getByRole('button', { name: 'Réessayer' }).click();
    await expect(error).toBeHidden();
    await expect(list.locator('tbody tr[data-row-key]').first()).toBeVisible();
  });
});

test.describe('an expired session', () => {
  const EXPIRED = 'Votre session a expiré, reconnectez-vous.';

  test('a page load answering 401 goes to /login, which says the session expired; signing in comes back', async ({ page }) => {
    await page.goto('/admins');
    await expect(page.getByTestId('admins-list').locator('tbody tr[data-row-key="1"]')).toBeVisible();
    await page.context().clearCookies({ name: 'vigie_session' });

    await page.getByRole('menu', { name: 'Navigation principale' }).getByRole('link', { name: /Clients de l/ }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomers$/);
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
    await expect(page.getByText('Une erreur est survenue!')).toHaveCount(0);
    await expect(toasts(page)).toHaveCount(0);

    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    // The notice is gone with the sign-in, and a later visit of /login does not show it.
    await page.context().clearCookies({ name: 'vigie_session' });
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByText(EXPIRED)).toHaveCount(0);
  });

  test('a form sent after the session ended: /login with the notice, no error toast', async ({ page }) => {
    await page.goto('/admins/create');
    await page.getByLabel('Prénom & nom').fill(`Expiré ${unique()}`);
    await page.context().clearCookies({ name: 'vigie_session' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmins%2Fcreate$/);
    await expect(page.getByText(EXPIRED, { exact: true })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(toasts(page)).toHaveCount(0);
  });

  test('signing out from the menu: /login without the notice', async ({ page }) => {
    await page.goto('/messages');
    await expect(page.getByTestId('log-list').locator('tbody tr[data-row-key]').first()).toBeVisible();
    await logout(page);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByText(EXPIRED)).toHaveCount(0);
  });

  test('signed out, a guarded page goes to /login without the notice', async ({ page }) => {
    await page.context().clearCookies();
    await page.goto('/admins');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmins$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByText(EXPIRED)).toHaveCount(0);
  });
});

test.describe('email fields: the format error in French under the field, never the browser bubble', () => {
  const INVALID = 'Le champ Email doit être une adresse email valide.';

  test('administrator create and edit', async ({ page }) => {
    await page.goto('/admins/create');
    await page.getByLabel('Prénom & nom').fill(`Format ${unique()}`);
    await page.getByLabel('Email').fill('pas-un-email');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(INVALID);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    const id = unique();
    const admin = await api.createAdmin({ name: `Format ${id}`, email: `format-${id}@example.com` });
    await page.goto(`/admins/${admin.id}/edit`);
    await expect(page.getByLabel('Email')).toHaveValue(admin.email);
    await page.getByLabel('Email').fill('a@');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(INVALID);
  });

  test('own profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
    await page.getByLabel('Email').fill('pas un email');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(INVALID);
  });

  test('sign-in: the form says it, without a call', async ({ page }) => {
    await page.context().clearCookies();
    await page.goto('/login');
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/login')) calls += 1;
    });
    await page.getByLabel('Email').fill('admin');
    await page.getByLabel('Mot de passe').fill('whatever-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(INVALID);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
    // Corrected, it signs in.
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('unsaved changes', () => {
  const LEAVE = 'Quitter la page sans enregistrer\u00a0? Vos modifications seront perdues.';
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a changed form asks before the sidebar or Retour leave it: « Rester sur la page » keeps the typing, « Quitter sans enregistrer » goes', async ({ page }) => {
    await page.goto('/admins/create');
    const name = page.getByLabel('Prénom & nom');
    await name.fill(`Pas encore enregistré ${unique()}`);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Clients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await expect(dialog.getByText(LEAVE, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['Rester sur la page', 'Quitter sans enregistrer']);
    await dialog.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admins\/create$/);
    await expect(name).not.toHaveValue('');

    await page.getByTestId('form-back').click();
    await dialog.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await expect(page).toHaveURL(/\/admins$/);
  });

  test('an untouched form, or one just saved, is left without a question', async ({ page }) => {
    await page.goto('/admins/create');
    await page.getByTestId('form-back').click();
    await expect(page).toHaveURL(/\/admins$/);
    const id = unique();
    await page.goto('/admins/create');
    await page.getByLabel('Prénom & nom').fill(`Enregistré ${id}`);
    await page.getByLabel('Email').fill(`saved-${id}@example.com`);
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByTestId('form-submit').click();
    await expect(page).toHaveURL(/\/admins$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('SIRENs typed and not added ask too; closing the tab gets the browser’s prompt', async ({ page }) => {
    const group = await api.post<{ id: number }>('/api/groups/store', { name: `Non enregistré ${unique()}`, status: 1 });
    await page.goto(`/groups/${group.id}/edit`);
    await textarea(page).fill('552032534');
    await page.getByTestId('form-back').click();
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await expect(dialog.getByText(LEAVE, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect(textarea(page)).toHaveValue('552032534');

    const prompted = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const prompt = await prompted;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.accept();
  });
});
