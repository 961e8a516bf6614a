/**
 * Performance measurement of the first screen, run by `npm run measure`, never by
 * `npm test`, and never asserted: it prints figures.
 *
 * - bytes over the wire for `/login` in a new context (sum of every response's encoded length as
 *   Chromium received it: headers + compressed body, from the DevTools protocol);
 * - time from navigation start until `/messages` shows its first row, until both charts are drawn, and
 *   until the rows of its page are all there (200, or the log's when fewer; the table may draw its first rows first), cold (new context, empty cache, signed in) and warm (reload of the same page), with the longest task
 *   (PerformanceObserver `longtask`) of each load.
 *
 * `MEASURE_RUNS` (default 3) repeats it; the medians are printed last, as one JSON line.
 */
import { test, type BrowserContext, type Page } from '@playwright/test';
import { Api, signInViaApi } from './helpers';

interface LoadFigures {
  /** ms from navigation start until the first log row is in the page. */
  firstRow: number;
  /** ms from navigation start until both charts' canvases are in the page. */
  charts: number;
  /** ms from navigation start until the page's rows (200, or all the log's when fewer) are all in the page. */
  allRows: number;
  /** ms from navigation start until both (the screen is complete). */
  complete: number;
  /** Longest task (ms) seen until 1 s after the screen completed (and all rows drawn). */
  longestTask: number;
}

declare global {
  interface Window {
    __perf?: { firstRow?: number; charts?: number; allRows?: number; longestTask: number };
  }
}

/**
 * Installed in every page before its scripts: watches for the first row, both charts, all the rows of the page
 * (`pageRows`: 200, or fewer when the log holds fewer) and long tasks.
 */
function watchFirstScreen(pageRows: number): void {
  const perf: NonNullable<Window['__perf']> = { longestTask: 0 };
  window.__perf = perf;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) perf.longestTask = Math.max(perf.longestTask, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no longtask support */
  }
  const check = () => {
    if (perf.firstRow === undefined && document.querySelector('[data-testid="log-list"] tbody tr[data-row-key]')) {
      perf.firstRow = performance.now();
    }
    if (perf.allRows === undefined && document.querySelectorAll('[data-testid="log-list"] tbody tr[data-row-key]').length >= pageRows) {
      perf.allRows = performance.now();
    }
    if (
      perf.charts === undefined &&
      document.querySelector('[data-testid="chart-months"] canvas') &&
      document.querySelector('[data-testid="chart-days"] canvas')
    ) {
      perf.charts = performance.now();
    }
    if (perf.firstRow === undefined || perf.charts === undefined || perf.allRows === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Bytes received for every response of `page` while `action` runs (CDP `encodedDataLength`). */
async function bytesOverTheWire(context: BrowserContext, page: Page, action: () => Promise<void>) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const sizes = new Map<string, number>();
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  await action();
  await page.waitForLoadState('networkidle');
  let total = 0;
  const byUrl: Record<string, number> = {};
  for (const [id, size] of sizes) {
    total += size;
    byUrl[new URL(urls.get(id) ?? 'http://x/?').pathname] = size;
  }
  return { total, byUrl };
}

async function firstScreen(page: Page): Promise<LoadFigures> {
  await page.waitForFunction(() => window.__perf?.allRows !== undefined && window.__perf?.charts !== undefined, null, {
    timeout: 60_000,
    polling: 100,
  });
  await page.waitForTimeout(1000);
  const perf = (await page.evaluate(() => window.__perf))!;
  const r = (n: number) => Math.round(n);
  return {
    firstRow: r(perf.firstRow!),
    charts: r(perf.charts!),
    allRows: r(perf.allRows!),
    complete: r(Math.max(perf.firstRow!, perf.charts!)),
    longestTask: r(perf.longestTask),
  };
}

/** The page's resources (JS chunks, API calls) as `start-end path` lines, from the Resource Timing entries. */
function timeline(page: Page): Promise<string> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => `    ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${new URL(e.name).pathname}`)
      .join('\n'),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

test('first screen: /login bytes, /messages cold and warm', async ({ browser }) => {
  const runs = Number(process.env.MEASURE_RUNS ?? 3);
  const results: Array<{ loginBytes: number; cold: LoadFigures; warm: LoadFigures }> = [];
  for (let i = 0; i < runs; i++) {
    // /login, new context.
    const loginContext = await browser.newContext();
    const loginPage = await loginContext.newPage();
    const login = await bytesOverTheWire(loginContext, loginPage, async () => {
      await loginPage.goto('/login');
      await loginPage.getByRole('button', { name: 'Se connecter' }).waitFor();
    });
    await loginContext.close();

    // /messages cold (new context: empty cache), then warm (reload).
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaApi(page);
    // The demo's log holds the feeds' entries only: the first page may have fewer than 200 rows.
    const { data } = await new Api(page.request).post<{ data: unknown[] }>('/api/messages/filter?page=1', { pagination: { per_page: 200 } });
    await context.addInitScript(watchFirstScreen, data.length);
    await page.goto('/messages');
    const cold = await firstScreen(page);
    if (i === 0 || process.env.MEASURE_TIMELINE) console.log(`  cold /messages timeline (ms: start-end):\n${await timeline(page)}`);
    await page.reload();
    const warm = await firstScreen(page);
    await context.close();

    results.push({ loginBytes: login.total, cold, warm });
    console.log(`run ${i + 1}: ${JSON.stringify({ loginBytes: login.total, cold, warm })}`);
    if (i === 0) console.log(`  /login responses: ${JSON.stringify(login.byUrl)}`);
  }
  const pick = (f: (r: (typeof results)[number]) => number) => median(results.map(f));
  const summary = {
    runs,
    loginBytes: pick((r) => r.loginBytes),
    cold: {
      firstRow: pick((r) => r.cold.firstRow),
      charts: pick((r) => r.cold.charts),
      allRows: pick((r) => r.cold.allRows),
      complete: pick((r) => r.cold.complete),
      longestTask: pick((r) => r.cold.longestTask),
    },
    warm: {
      firstRow: pick((r) => r.warm.firstRow),
      charts: pick((r) => r.warm.charts),
      allRows: pick((r) => r.warm.allRows),
      complete: pick((r) => r.warm.complete),
      longestTask: pick((r) => r.warm.longestTask),
    },
  };
  console.log(`medians: ${JSON.stringify(summary)}`);
});
