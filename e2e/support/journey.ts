import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { DESKTOP, launchBrowser } from './browser.ts';

/** True when the global setup decided to skip (no Chromium outside CI). */
export const skipJourneys = () => inject('chromiumPath') === '';

/**
 * One browser per file, a fresh context per journey. Console errors and page
 * errors are collected so a journey can assert there were none.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (skipJourneys()) return;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
  });
  return {
    baseUrl: () => inject('baseUrl'),
    async newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
      if (!browser) throw new Error('Browser not started');
      const context = await browser.newContext({ viewport, baseURL: inject('baseUrl') });
      // Generous: the journeys share 2 cores with the server tests running beside them (npm test).
      context.setDefaultTimeout(30_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[page error]', error.message));
      return page;
    },
  };
}
