import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { a11yViolations, describeViolations } from './a11y.ts';
import { DESKTOP, launchBrowser } from './browser.ts';

/** True when the global setup decided to skip (no Chromium outside CI). */
export const skipJourneys = () => inject('chromiumPath') === '';

/**
 * Every page a journey leaves open is checked with axe (WCAG 2.2 AA) when the journey ends, and
 * serious or critical violations fail it: each journey ends on a screen it reached as a player
 * or an operator would, so the whole suite audits the screens it walks through. A page that is
 * navigating at that moment is read once it has loaded.
 */
async function auditOpenPages(contexts: readonly BrowserContext[]) {
  const found: string[] = [];
  for (const context of contexts) {
    for (const page of context.pages()) {
      if (page.isClosed() || page.url() === 'about:blank') continue;
      await page.waitForLoadState('load').catch(() => {});
      const violations = await a11yViolations(page).catch(async () => {
        await page.waitForLoadState('load').catch(() => {});
        return a11yViolations(page);
      });
      if (violations.length > 0) found.push(describeViolations(page.url(), violations));
    }
  }
  if (found.length > 0)
    throw new Error(`Accessibility (axe, WCAG 2.2 AA, serious or critical):\n${found.join('\n')}`);
}

/** How long closing a context or the browser may take before the file goes on without it. */
const CLOSE_MS = 30_000;

/** Waits for `work` to end, or `ms`, whichever comes first; a failure counts as the end. */
function settled(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * One browser per file, a fresh context per journey. Console errors and page
 * errors are collected so a journey can assert there were none.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** The contexts opened by the journey running now: the ones audited when it ends. */
  let opened: BrowserContext[] = [];
  beforeAll(async () => {
    if (skipJourneys()) return;
    browser = await launchBrowser();
  });
  afterEach(async (test) => {
    const mine = opened;
    opened = [];
    // A journey that already failed reports that failure, not the screen it stopped on.
    if (test.task.result?.state === 'fail') return;
    await auditOpenPages(mine);
  });
  afterAll(async () => {
    // Bounded: a Chromium wedged by the busy machine once held a close for the whole hook
    // timeout after its journey had passed. What is left is ended with the worker's process.
    for (const context of contexts) await settled(context.close(), CLOSE_MS);
    if (browser) await settled(browser.close(), CLOSE_MS);
  });
  return {
    baseUrl: () => inject('baseUrl'),
    async newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
      if (!browser) throw new Error('Browser not started');
      const context = await browser.newContext({ viewport, baseURL: inject('baseUrl') });
      // Generous: the journeys share 2 cores with the server tests running beside them (npm test).
      context.setDefaultTimeout(30_000);
      contexts.push(context);
      opened.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[page error]', error.message));
      return page;
    },
  };
}
