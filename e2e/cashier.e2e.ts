import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, signInViaUi, storedToken, waitForApp } from './support/app.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { databaseUrl, ownerSignIn, sql } from './support/staff.ts';

const EUR_PLAYER = { email: 'demo@example.com', password: 'demo-password-1' };
const INR_PLAYER = { email: 'priya@example.com', password: 'demo-password-1' };
const SHOTS = path.join(import.meta.dirname, 'screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `cashier-${name}.png`) });
}

type Me = { balance_exact: string };
async function cashBalance(baseUrl: string, page: Page): Promise<number> {
  const token = await storedToken(page);
  const response = await fetch(`${baseUrl}/api/v1/customer/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { wallet_default: Me } };
  // Exact decimal string → cents, to compare without floating point.
  const [units = '0', fraction = ''] = body.data.wallet_default.balance_exact.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

async function openWallet(page: Page, tab: 'Deposit' | 'Withdraw') {
  await page.getByTestId('wallet-button').click();
  const wallet = page.getByTestId('wallet-modal');
  await wallet.getByRole('tab', { name: tab, exact: true }).click();
  return wallet;
}

describe.skipIf(skipJourneys())('journey: the cashier (fiat, INR, withdrawal on the desk)', () => {
  const browser = useBrowser();

  it('EUR deposit through the sandbox page; INR UPI deposit; a withdrawal approved and paid on the payments desk; ledger check clean', {
    timeout: 300_000,
  }, async () => {
    const baseUrl = browser.baseUrl();

    // --- EUR: a bank-transfer deposit through the sandbox's hosted page ---------------------
    const player = await browser.newPage(DESKTOP);
    await player.goto('/');
    await waitForApp(player);
    await signInViaUi(player, EUR_PLAYER.email, EUR_PLAYER.password);
    const before = await cashBalance(baseUrl, player);

    let wallet = await openWallet(player, 'Deposit');
    const deposit = wallet.getByTestId('deposit-form');
    // Spec §5 words before anything is sent.
    await deposit.getByTestId('deposit-submit').click();
    await deposit.getByText('Choose a payment method.').waitFor();
    await deposit.getByText('Amount cannot be empty.').waitFor();
    await deposit.getByTestId('gateway-4').click();
    await deposit.getByLabel('Amount (EUR)').fill('50');
    // Spec §9: amount / rate (1 for EUR) minus the 1 % fee.
    expect(await deposit.getByTestId('euro-line').textContent()).toBe('€49.50');
    await deposit.getByLabel('Bank name').selectOption('ING');
    await deposit.getByLabel(/Coupon code/).fill('NOSUCHCODE');
    expect(await player.evaluate('localStorage.getItem("coupon")')).toBe('NOSUCHCODE');
    await deposit.getByLabel(/Coupon code/).fill('');
    await shoot(player, 'desktop-deposit-tab');
    await Promise.all([
      player.waitForURL(/\/sandbox\/gateway\//),
      deposit.getByTestId('deposit-submit').click(),
    ]);
    expect(await player.getByText('SANDBOX · NO REAL MONEY').isVisible()).toBe(true);
    expect(await player.getByTestId('sandbox-amount').textContent()).toBe('50.00 EUR');
    await shoot(player, 'desktop-sandbox-page');
    await Promise.all([
      player.waitForURL((url) => url.pathname === '/'),
      player.getByTestId('sandbox-approve').click(),
    ]);
    // Watched from the start: the notice is a toast that goes after a few seconds, and on a
    // loaded machine the checks below can outlast it.
    const notice = player
      .getByText(/Deposit received: 49\.50 EUR|Your deposit is being processed/)
      .waitFor({ timeout: 60_000 });
    notice.catch(() => {});
    await waitForApp(player);
    // Only the signed webhook credits: 50.00 − 0.50 fee.
    await eventually('the deposit credited', async () => {
      return (await cashBalance(baseUrl, player)) === before + 4950;
    });
    // Back on the site: the return handler tidies the address bar and, after the loading
    // screen, says where the deposit stands (credited, or still being processed if the
    // webhook's booking had not finished when it looked).
    await eventually(
      'the return parameters dropped',
      async () => !player.url().includes('deposit='),
    );
    await notice;

    await player.goto('/transactions/deposits');
    await waitForApp(player);
    const row = player.getByTestId('history-row').first();
    await row.waitFor();
    expect(await row.getByTestId('history-status').textContent()).toBe('Credited');
    expect(await row.getByTestId('history-amount').textContent()).toContain('50.00 EUR');
    expect(await row.textContent()).toContain('0.50 (1%)');
    expect(await row.textContent()).toContain('Bank Transfer');

    // --- A withdrawal: KYC first (another screen's job; set here), then the wallet ----------
    wallet = await openWallet(player, 'Withdraw');
    await wallet.getByRole('link', { name: 'Verify Now' }).waitFor();
    await player.keyboard.press('Escape');
    await sql(`update players set kyc_status = 'APPROVED' where lower(email) = $1`, [
      EUR_PLAYER.email,
    ]);
    await player.reload();
    await waitForApp(player);
    const beforeWithdrawal = await cashBalance(baseUrl, player);
    wallet = await openWallet(player, 'Withdraw');
    // The tracker names the bonus still being wagered (the demo seed's) and what is left.
    const bonusBlocker = wallet.getByTestId('blocker-bonus_wagering');
    await bonusBlocker.waitFor();
    expect(await bonusBlocker.textContent()).toContain('Demo welcome bonus');
    expect(await bonusBlocker.getByRole('link', { name: 'Bonus and wagering' }).count()).toBe(1);
    await shoot(player, 'desktop-withdraw-bonus-blocker');
    const withdraw = wallet.getByTestId('withdraw-form');
    await withdraw.getByTestId('gateway-4').click();
    await withdraw.getByLabel('Amount (EUR)').fill('20');
    await withdraw.getByLabel('Account name').fill('Demo Player');
    await withdraw.getByLabel('Account number').fill('DE89370400440532013000');
    await withdraw.getByLabel('Bank name').selectOption('ING');
    await withdraw.getByTestId('withdraw-submit').click();
    await player.getByText(/Withdrawal requested/).waitFor();
    // The hold takes the amount off the balance at once.
    await eventually('the hold', async () => {
      return (await cashBalance(baseUrl, player)) === beforeWithdrawal - 2000;
    });
    // A second request, cancelled by the player while pending: the hold comes back.
    await withdraw.getByLabel('Amount (EUR)').fill('5');
    await withdraw.getByTestId('withdraw-submit').click();
    await eventually('two recent withdrawals', async () => {
      return (await wallet.getByTestId('recent-withdrawal').count()) >= 2;
    });
    await wallet.getByTestId('recent-withdrawal').first().getByTestId('withdrawal-cancel').click();
    await player.getByText(/Withdrawal cancelled/).waitFor();
    await eventually('the cancelled hold released', async () => {
      return (await cashBalance(baseUrl, player)) === beforeWithdrawal - 2000;
    });

    // --- The payments desk: approve, then mark paid ----------------------------------------
    const staff = await browser.newPage(DESKTOP);
    await ownerSignIn(staff);
    await staff.getByRole('link', { name: 'Payments desk' }).click();
    const queued = staff.getByRole('row', { name: /20\.00 EUR/ }).first();
    await queued.waitFor();
    expect(await queued.textContent()).toContain('pending');
    await shoot(staff, 'desktop-payments-desk');
    await queued.click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText('No approval yet').waitFor();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await staff.getByText('Approved', { exact: true }).first().waitFor();
    await staff
      .getByRole('row', { name: /20\.00 EUR/ })
      .first()
      .click();
    await dialog.getByLabel('Provider reference').fill('SEPA-E2E-0001');
    await shoot(staff, 'desktop-payments-desk-detail');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await staff.getByText('Marked paid').waitFor();
    // Paid leaves the "needs action" queue; all statuses show it paid.
    await staff.getByLabel('Status').selectOption({ label: 'Paid' });
    const paid = staff.getByRole('row', { name: /SEPA-E2E-0001/ });
    await paid.waitFor();
    expect(await paid.textContent()).toContain('paid');
    await staff.setViewportSize(MOBILE);
    await shoot(staff, 'mobile-payments-desk');

    await player.goto('/transactions/withdrawals');
    await waitForApp(player);
    const paidRow = player.getByTestId('history-row').filter({ hasText: 'SEPA-E2E-0001' });
    await paidRow.waitFor();
    expect(await paidRow.getByTestId('history-status').textContent()).toBe('Paid');
    expect(await player.getByTestId('history-row').filter({ hasText: 'Cancelled' }).count()).toBe(
      1,
    );
    // Its tracker: every step done, in order, with the payout's reference.
    await paidRow.getByTestId('history-track').click();
    const sheet = player.getByTestId('withdrawal-tracker');
    await sheet.waitFor();
    const steps = sheet.getByTestId('withdrawal-timeline').locator('li');
    expect(await steps.evaluateAll((items) => items.map((li) => li.dataset.testid))).toEqual([
      'timeline-requested',
      'timeline-approved',
      'timeline-sent',
      'timeline-paid',
    ]);
    expect(await sheet.locator('[data-state="done"]').count()).toBe(4);
    expect(await sheet.getByTestId('withdrawal-reference').textContent()).toBe('SEPA-E2E-0001');
    await shoot(player, 'desktop-withdrawal-tracker');
    await player.setViewportSize(MOBILE);
    await shoot(player, 'mobile-withdrawal-tracker');
    if (process.env.SHOTS === '1') {
      // The same screens in Bengali, for review (not a check).
      const tracked = player.url();
      await player.evaluate(`localStorage.setItem('language', 'bn')`);
      for (const size of [MOBILE, DESKTOP]) {
        await player.setViewportSize(size);
        await player.goto(tracked);
        await waitForApp(player);
        await player.getByTestId('withdrawal-tracker').waitFor();
        await shoot(player, `bn-${size.width}-withdrawal-tracker`);
        await player.keyboard.press('Escape');
        await player.getByTestId('wallet-button').click();
        await player.getByTestId('wallet-modal').getByRole('tab').nth(1).click();
        await player.getByTestId('blocker-bonus_wagering').waitFor();
        await shoot(player, `bn-${size.width}-withdraw-bonus-blocker`);
        await player.keyboard.press('Escape');
      }
      await player.evaluate(`localStorage.setItem('language', 'en')`);
      await player.goto(tracked);
      await waitForApp(player);
    }
    await player.setViewportSize(DESKTOP);
    await player.keyboard.press('Escape');
    // Balance after the payout: the deposit's net, minus the paid 20.00.
    expect(await cashBalance(baseUrl, player)).toBe(before + 4950 - 2000);

    // --- INR: UPI through the INR flow ------------------------------------------------------
    const priya = await browser.newPage(MOBILE);
    await priya.goto('/');
    await waitForApp(priya);
    await signInViaUi(priya, INR_PLAYER.email, INR_PLAYER.password);
    const inrBefore = await cashBalance(baseUrl, priya);
    wallet = await openWallet(priya, 'Deposit');
    const inr = wallet.getByTestId('deposit-form');
    await inr.getByTestId('mode-upi').waitFor();
    await inr.getByLabel('Amount (INR)').fill('499');
    await inr.getByText('Minimum amount should be greater than 500').waitFor();
    expect(await inr.getByTestId('deposit-submit').isDisabled()).toBe(true);
    await inr.getByLabel('Amount (INR)').fill('1000');
    expect(await inr.getByTestId('deposit-submit').isDisabled()).toBe(false);
    await shoot(priya, 'mobile-deposit-tab-inr');
    await Promise.all([
      priya.waitForURL(/\/sandbox\/gateway\//),
      inr.getByTestId('deposit-submit').click(),
    ]);
    expect(await priya.getByTestId('sandbox-amount').textContent()).toBe('1000.00 INR');
    await shoot(priya, 'mobile-sandbox-page');
    await Promise.all([
      priya.waitForURL((url) => url.pathname === '/'),
      priya.getByTestId('sandbox-approve').click(),
    ]);
    await eventually('the UPI deposit credited', async () => {
      return (await cashBalance(baseUrl, priya)) === inrBefore + 100_000;
    });
    await priya.goto('/transactions/deposits');
    await waitForApp(priya);
    const upi = priya.getByTestId('history-row').first();
    await upi.waitFor();
    expect(await upi.textContent()).toContain('UPI');
    expect(await upi.getByTestId('history-status').textContent()).toBe('Credited');

    // A desktop shot of the EUR deposit tab on a phone, too.
    await player.setViewportSize(MOBILE);
    await player.goto('/');
    await waitForApp(player);
    wallet = await openWallet(player, 'Deposit');
    await wallet.getByTestId('gateway-3').click();
    await wallet.getByLabel('Amount (EUR)').fill('25');
    await shoot(player, 'mobile-deposit-tab');

    // --- The ledger's invariants hold after all of it ---------------------------------------
    const check = spawnSync('npm', ['run', '-s', 'ledger:check'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: databaseUrl(), NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).toMatch(/ledger check: ok/);
    expect(check.status).toBe(0);
  });
});
