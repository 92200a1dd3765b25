/**
 * Saves PNGs of the player site for a human to look at:
 *   node --import tsx e2e/screenshots.ts http://127.0.0.1:3000
 * Output: e2e/screenshots/<viewport>-<name>.png (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { chromiumAvailable, DESKTOP, launchBrowser, MOBILE } from './support/browser.ts';

const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const outDir = path.join(import.meta.dirname, 'screenshots');
const only = process.argv[3];

async function shoot(page: Page, name: string) {
  const file = path.join(outDir, `${name}.png`);
  await page.waitForTimeout(250);
  await page.screenshot({ path: file });
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

async function run(browser: Browser, label: string, viewport: { width: number; height: number }) {
  const isMobile = viewport.width < 768;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${label}] page error:`, error.message));

  await page.goto(baseUrl);
  await shoot(page, `${label}-00-loading`);
  await waitForApp(page);
  await shoot(page, `${label}-01-home-guest`);

  await page.getByTestId('login-button').click();
  await shoot(page, `${label}-02-sign-in`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await shoot(page, `${label}-03-forgot-password`);
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/?c=SUMMER25`);
  await waitForApp(page);
  await page.getByTestId('register-button').click();
  await page.getByTestId('register-modal').getByRole('button', { name: 'Register' }).click();
  await shoot(page, `${label}-04-register-errors`);
  await page.keyboard.press('Escape');

  if (isMobile) {
    await page.getByTestId('bottom-browse').click();
  }
  await page.locator('[data-menu-id="3"]').click();
  await shoot(page, `${label}-05-side-menu-expanded`);
  if (isMobile) await page.getByTestId('bottom-browse').click();

  const email = uniqueEmail('shots');
  const password = 'screenshot-pass-1';
  await registerViaApi(baseUrl, { name: 'Riya Sharma', email, password });
  await signInViaUi(page, email, password);
  await shoot(page, `${label}-06-home-player`);
  await page.getByTestId('profile-button').click();
  await shoot(page, `${label}-07-profile-dropdown`);
  await page.mouse.click(5, viewport.height - 100);

  await page.getByTestId('wallet-button').click();
  await page.getByTestId('wallet-balance').waitFor();
  await shoot(page, `${label}-08-wallet-deposit`);
  await page.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  await shoot(page, `${label}-09-wallet-withdraw`);
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/transactions/deposits`);
  await waitForApp(page);
  await shoot(page, `${label}-10-transactions`);

  await page.goto(`${baseUrl}/casino/slots`);
  await waitForApp(page);
  if (isMobile) await page.getByTestId('bottom-browse').click();
  await page.getByRole('button', { name: /Live Support/ }).click();
  await shoot(page, `${label}-11-live-support`);
  await page.keyboard.press('Escape');

  for (const language of ['th', 'bn', 'zh-TW']) {
    await page.evaluate(`localStorage.setItem('language', '${language}')`);
    await page.goto(`${baseUrl}/`);
    await waitForApp(page);
    await shoot(page, `${label}-12-home-${language}`);
  }
  if (isMobile) {
    await page.getByTestId('bottom-browse').click();
    await page.locator('[data-menu-id="3"]').click();
    await shoot(page, `${label}-13-menu-zh-TW`);
  }
  await page.evaluate(`localStorage.setItem('language', 'en')`);

  await page.goto(`${baseUrl}/reset-password?token=example`);
  await page.waitForTimeout(400);
  await shoot(page, `${label}-14-reset-password`);
  await page.goto(`${baseUrl}/sports`);
  await waitForApp(page);
  await shoot(page, `${label}-15-sports`);
  await page.goto(`${baseUrl}/casino/all-games?page=1&provider=Lantern+Studio`);
  await waitForApp(page);
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await shoot(page, `${label}-16-footer`);
  await context.close();
}

if (!chromiumAvailable()) {
  console.error('Chromium is missing at /usr/bin/chromium: install it (apt-get install chromium).');
  process.exit(1);
}
await mkdir(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  if (!only || only === 'desktop') await run(browser, 'desktop', DESKTOP);
  if (!only || only === 'mobile') await run(browser, 'mobile', MOBILE);
} finally {
  await browser.close();
}
