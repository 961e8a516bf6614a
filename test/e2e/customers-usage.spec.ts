/**
 * A customer's use of the customer API in the back-office: calls made with its Prod and Sandbox tokens (through
 * `POST /oauth/token` and `/v1`, counted by the server's usage recorder into `api_usage_daily`) show as
 * « Appels aujourd’hui » on /customers and in the card « Utilisation de l’api (30 derniers jours) » of its edit page.
 * The calls and their checks run on one Paris day (again, with a new customer, when midnight passed meanwhile:
 * test/helpers/paris-day.ts).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { onOneParisDay } from '../helpers/paris-day';
import { Api, rowWith, signInViaApi, unique, untilSandboxReady, type ApiCustomer } from './helpers';

/** An access token of `customer` for its Prod or Sandbox credentials. */
async function tokenOf(request: APIRequestContext, clientId: string, clientSecret: string): Promise<string> {
  const res = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls `/v1/{path}` with `token` and checks the answer's status. */
async function call(request: APIRequestContext, token: string, path: string, status: number): Promise<void> {
  const res = await request.get(`/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
}

/** The Paris day `day` (`YYYY-MM-DD`) as the usage card labels it, `DD/MM`. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

test("a customer's API calls show on the list and in the edit page's usage card", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInViaApi(page);
  const api = new Api(page.request);
  // Its Sandbox call reads the data set the server prepares at start-up.
  await untilSandboxReady(api, request);
  await onOneParisDay(async (today) => {
    const customer: ApiCustomer = await api.createCustomer({ name: `Client Usage ${unique()}` });

    // Three Prod calls, one of them refused (not a SIREN), and one Sandbox call.
    const prod = await tokenOf(request, customer.client_id, customer.client_secret);
    await call(request, prod, 'updates?limit=1', 200);
    await call(request, prod, 'updates?limit=1', 200);
    await call(request, prod, 'companies/123', 400);
    const sandbox = await tokenOf(request, customer.client_id_sandbox, customer.client_secret_sandbox);
    await call(request, sandbox, 'updates?limit=1', 200);

    // The counters reach the table at the recorder's next flush (API_USAGE_FLUSH_MS, 5 s by default).
    await expect
      .poll(async () => (await api.get<{ totals: { calls: number } }>(`/api/customers/${customer.id}/usage`)).totals.calls, { timeout: 20_000 })
      .toBe(4);

    await page.goto('/customers');
    const list = page.getByTestId('customers-list');
    await expect(list.getByRole('columnheader', { name: 'Appels aujourd’hui' })).toBeVisible();
    await expect(rowWith(list, customer.name).getByTestId('calls-today')).toHaveText('4');

    await page.goto(`/customers/${customer.id}/edit`);
    const card = page.getByTestId('customer-usage');
    await expect(card).toContainText('Utilisation de l’api (30 derniers jours)');
    const chart = card.getByTestId('usage-chart');
    await expect(chart.getByRole('img', { name: 'Appels à l’api par jour sur les 30 derniers jours, Prod et Sandbox empilés' })).toBeVisible();
    const labels = ((await chart.getAttribute('data-labels')) ?? '').split(',');
    expect(labels).toHaveLength(30);
    expect(labels.at(-1)).toBe(dayLabel(today));
    await expect(chart).toHaveAttribute('data-values', `${'0,'.repeat(29)}4`);
    await expect(chart.getByRole('listitem')).toHaveCount(30);
    await expect(chart.getByRole('listitem').last()).toHaveText(`${dayLabel(today)}\u00a0: Prod 3, Sandbox 1`);
    await expect(card.getByTestId('usage-total-calls')).toHaveText('4');
    await expect(card.getByTestId('usage-totals')).toContainText('(Prod 3, Sandbox 1)');
    await expect(card.getByTestId('usage-total-errors')).toHaveText('1');
    await expect(card.getByTestId('usage-last-call')).toHaveText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  });
});

test('a customer without calls: 0 on the list, zeros and « aucun » on its usage card', async ({ page }) => {
  await signInViaApi(page);
  const customer = await new Api(page.request).createCustomer({ name: `Client Sans Appel ${unique()}` });
  await page.goto('/customers');
  await expect(rowWith(page.getByTestId('customers-list'), customer.name).getByTestId('calls-today')).toHaveText('0');
  await page.goto(`/customers/${customer.id}/edit`);
  const card = page.getByTestId('customer-usage');
  await expect(card.getByTestId('usage-chart')).toHaveAttribute('data-values', `${'0,'.repeat(29)}0`);
  await expect(card.getByTestId('usage-total-calls')).toHaveText('0');
  await expect(card.getByTestId('usage-last-call')).toHaveText('aucun');
});
