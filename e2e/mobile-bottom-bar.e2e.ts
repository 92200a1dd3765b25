import { describe, expect, it } from 'vitest';
import { eventually, waitForApp } from './support/app.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: mobile bottom bar', () => {
  const browser = useBrowser();

  it('at 390×844 Browse toggles the side menu and Casino/Sports navigate', async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await waitForApp(page);
    const menu = page.getByTestId('side-menu');
    const isOpen = async () => (await menu.getAttribute('data-open')) === 'true';
    const inView = async () => ((await menu.boundingBox())?.x ?? -1) >= 0;

    expect(await isOpen()).toBe(false);
    await page.getByTestId('bottom-browse').click();
    await eventually('the menu to open', async () => (await isOpen()) && (await inView()));
    await menu.getByText('Promotions').waitFor();
    await page.getByTestId('bottom-browse').click();
    await eventually('the menu to close', async () => !(await isOpen()));

    await page.getByTestId('bottom-casino').click();
    await eventually(
      'the casino page',
      async () => new URL(page.url()).pathname === '/casino/home',
    );
    await page.getByRole('heading', { level: 1, name: 'Casino' }).waitFor();

    // Sports is a full page load (spec: navigating to /sports reloads).
    await Promise.all([page.waitForEvent('load'), page.getByTestId('bottom-sports').click()]);
    expect(new URL(page.url()).pathname).toBe('/sports');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Sports' }).waitFor();
  });

  it('on desktop the bottom bar is hidden and /sports narrows the main area to 75%', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/sports');
    await waitForApp(page);
    expect(await page.getByTestId('bottom-bar').isVisible()).toBe(false);
    const main = await page.getByTestId('main').boundingBox();
    const column = await page.getByTestId('top-bar').boundingBox();
    expect(main && column).toBeTruthy();
    expect(main!.width / column!.width).toBeCloseTo(0.75, 1);
  });
});
