import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerViaApi, uniqueEmail, waitForApp } from './support/app.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

/**
 * Issue 20: no layout shift on the spec's routes, on a phone and on a desktop, with data
 * arriving the way it does on mobile data (150 ms round trips, 1.6 Mbit/s: Lighthouse's
 * "Slow 4G"), and the loading screen painted by the document itself, gone 2 s after start.
 */
const GUEST_ROUTES = [
  '/',
  '/casino/home',
  '/sports',
  '/promotions',
  '/casino/all-games?page=1',
  '/casino/slots',
  '/casino/providers',
  '/responsible-gaming',
  '/policies/privacy',
];
const PLAYER_ROUTES = [
  '/?wallet=deposit',
  '/affiliate/overview',
  '/transactions/deposits',
  '/settings/general',
  '/settings/verify',
];
const CLS_BUDGET = 0.05;
/**
 * A page loads in about 2 s here, but the walks share two cores with the server tests, and a
 * clean-clone CI run once saw one load pass 30 s and another never reach its load event (every
 * resource but one arrived). This file asserts shifts, not load times: a slow load gets room,
 * and a load that stalls is tried once more before the walk fails.
 */
const LOAD_TIMEOUT_MS = 60_000;
const WALK_TIMEOUT_MS = 300_000;

/** Every layout shift not caused by input, recorded from the first paint on. */
const RECORD_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) {
        window.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          nodes: (entry.sources || []).map((s) => s.node ? (s.node.id || s.node.getAttribute?.('data-testid') || s.node.nodeName) : '?'),
        });
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function throttle(page: Page) {
  page.setDefaultTimeout(LOAD_TIMEOUT_MS);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Every route as a first visit: the page's code arrives late too.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

type Shift = { value: number; at: number; nodes: string[] };

/** Loads `route` cold and returns the layout shifts of the first seconds (sum = CLS bound). */
async function shiftsOf(page: Page, route: string): Promise<Shift[]> {
  await page.goto(route).catch(async (error: Error) => {
    if (error.name !== 'TimeoutError') throw error;
    console.warn(
      `[layout-stability] ${route} did not load in ${LOAD_TIMEOUT_MS} ms; loading it again`,
    );
    await page.goto(route);
  });
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return (await page.evaluate('window.__shifts')) as Shift[];
}

describe.skipIf(skipJourneys())('layout stability and the loading screen (issue 20)', () => {
  const browser = useBrowser();

  async function playerToken(): Promise<string> {
    const email = uniqueEmail('cls');
    const password = 'layout-pass-1';
    await registerViaApi(browser.baseUrl(), { name: 'Layout Tester', email, password });
    const response = await fetch(`${browser.baseUrl()}/api/v1/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return JSON.stringify(await response.json());
  }

  // One walk at a time: four throttled walks side by side, beside the other journeys and the
  // server tests, once stalled Chromium's loads in CI; and a journey's closing audit reads only
  // its own pages.
  for (const [label, viewport] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(
      `a guest's pages do not shift (${label}, Slow 4G)`,
      async () => {
        const page = await browser.newPage(viewport);
        await page.addInitScript(RECORD_SHIFTS);
        await throttle(page);
        const report: string[] = [];
        for (const route of GUEST_ROUTES) {
          const shifts = await shiftsOf(page, route);
          const cls = shifts.reduce((sum, s) => sum + s.value, 0);
          if (cls > CLS_BUDGET)
            report.push(`${route}: ${cls.toFixed(3)} ${JSON.stringify(shifts)}`);
        }
        expect(report).toEqual([]);
      },
      WALK_TIMEOUT_MS,
    );

    it(
      `a player's pages, the wallet open, do not shift (${label}, Slow 4G)`,
      async () => {
        const page = await browser.newPage(viewport);
        const login = await playerToken();
        await page.addInitScript(`
        if (!localStorage.getItem('root')) {
          const login = ${login};
          localStorage.setItem('root', JSON.stringify({
            auth: JSON.stringify({ authUser: login, authUserToken: login.data, authUserCustomerData: login.customer, isAuthenticated: true, authUserCustomerMe: null }),
            additionalMenus: '[]',
            _persist: JSON.stringify({ version: -1, rehydrated: true }),
          }));
        }`);
        await page.addInitScript(RECORD_SHIFTS);
        await throttle(page);
        const report: string[] = [];
        for (const route of PLAYER_ROUTES) {
          const shifts = await shiftsOf(page, route);
          if (route.includes('wallet')) {
            await page.getByTestId('wallet-modal').waitFor();
            expect(new URL(page.url()).search).toBe('');
          }
          const cls = shifts.reduce((sum, s) => sum + s.value, 0);
          if (cls > CLS_BUDGET)
            report.push(`${route}: ${cls.toFixed(3)} ${JSON.stringify(shifts)}`);
        }
        expect(report).toEqual([]);
      },
      WALK_TIMEOUT_MS,
    );
  }

  it('the loading screen is in the first paint and goes 2 s after navigation start', async () => {
    const page = await browser.newPage(MOBILE);
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        if (!document.getElementById('boot-screen') && document.readyState !== 'loading') {
          window.__bootGoneAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    const response = await page.goto('/casino/home');
    const html = (await response?.text()) ?? '';
    // Painted from the document itself, brand name filled in by the server.
    expect(html).toContain('id="boot-screen"');
    expect(html).not.toContain('__BRAND_NAME__');
    // The page's code is preloaded with the document (route-preloads.json).
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/lobby-pages-[^"]+\.js">/,
    );
    await waitForApp(page);
    const goneAt = (await page.evaluate('window.__bootGoneAt')) as number;
    // 2000 ms + the 300 ms fade, give or take a busy machine's timers.
    expect(goneAt).toBeGreaterThanOrEqual(2_000);
    expect(goneAt).toBeLessThan(4_000);
    await page.getByRole('heading', { level: 1, name: 'Casino' }).waitFor();
  });

  it('?wallet= opens the sign-in modal for a guest', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/?wallet=deposit');
    await waitForApp(page);
    await page.getByTestId('sign-in-modal').getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});
