import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { eventually, registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn, sql } from './support/staff.ts';

/** The documented demo owner (README; seeded with demo data, which e2e runs have). */
const OWNER = {
  email: 'owner@example.com',
  password: 'demo-owner-password',
  totp_secret: 'DEMOOWNERTOTPSECRETFORLOCALUSE22',
};

const code = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** Signs the player in through the API and turns two-factor on (enrol, then confirm a code). */
async function enableTwoFactorViaApi(baseUrl: string, email: string, password: string) {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: unknown };
    if (!response.ok) throw new Error(`${path} → ${response.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const token = (await post('/customer/login', { email, password })) as string;
  const { secret } = (await post('/customer/me/two-factor/enrol', {}, token)) as { secret: string };
  await post('/customer/me/two-factor/confirm', { code: await code(secret) }, token);
}

describe.skipIf(skipJourneys())('journey: back office adjusts a balance with four eyes', () => {
  const browser = useBrowser();

  it('staff sign in with TOTP, find a player, adjust with approval; the player sees it', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-bo');
    const password = 'journey-pass-bo';
    await registerViaApi(baseUrl, { name: 'Journey Backoffice', email, password });

    // The player is signed in on the player site.
    const player = await browser.newPage();
    await player.goto('/');
    await waitForApp(player);
    await signInViaUi(player, email, password);

    // A wrong code is refused.
    const owner = await browser.newPage();
    await owner.goto('/admin/');
    await owner.getByLabel('Email').fill(OWNER.email);
    await owner.getByLabel('Password').fill(OWNER.password);
    await owner.getByRole('button', { name: 'Continue' }).click();
    await owner.getByLabel('Authenticator code').fill('000000');
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner
      .getByRole('alert')
      .filter({ hasText: /not valid/ })
      .waitFor();

    // The demo owner signs in with TOTP (through the form, whatever the run did before) and finds
    // the player by email.
    await ownerSignIn(owner, { fresh: true });
    await owner.getByRole('link', { name: 'Players' }).click();
    await owner.locator('h1').click();
    await owner.keyboard.press('/');
    await owner.keyboard.type(email);
    await owner.locator('tr[data-row]', { hasText: email }).waitFor();
    await owner.keyboard.press('ArrowDown');
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { name: /Journey Backoffice/ }).waitFor();

    // The player turned two-factor on, then lost the phone and the codes: the owner sees it on
    // the Security tab and resets it with a reason (audited below).
    await enableTwoFactorViaApi(baseUrl, email, password);
    await owner.getByRole('tab', { name: 'Security' }).click();
    const twoFactor = owner.getByTestId('two-factor-status');
    await twoFactor.getByText('On', { exact: true }).waitFor();
    expect(await twoFactor.textContent()).toMatch(/Recovery codes left\s*10/);
    await owner.getByTestId('two-factor-reset').click();
    await owner.getByLabel('Reason').fill('Lost phone and codes; ID checked on a video call');
    await owner.getByTestId('two-factor-reset-confirm').click();
    await twoFactor.getByText('Off', { exact: true }).waitFor();
    await owner.getByRole('tab', { name: 'Overview' }).click();

    // 1,500.00 EUR is above the 1,000.00 threshold: a request, not a payment.
    await owner.getByRole('button', { name: 'Adjust balance' }).click();
    await owner.getByLabel('Amount (EUR)').fill('1500');
    await owner.getByLabel('Comment').fill('Journey: goodwill credit, ticket J-1');
    await owner.getByRole('button', { name: 'Review' }).click();
    await owner.getByRole('button', { name: 'Confirm: request approval' }).click();
    await owner
      .getByText(/another staff member must approve/)
      .first()
      .waitFor();
    expect(await owner.getByTestId('balance-cash').textContent()).toContain('0.00');

    // The owner cannot approve their own request: the dialog says so and offers no button.
    await owner.getByRole('link', { name: /Adjustments/ }).click();
    await owner.locator('tr[data-row]', { hasText: email }).click();
    await owner.getByText('This is your own request').waitFor();
    expect(await owner.getByRole('button', { name: 'Approve and execute' }).count()).toBe(0);
    await owner.keyboard.press('Escape');

    // A second staff member (finance) is created, enrols TOTP at first sign-in, approves.
    const token = (await owner.evaluate('sessionStorage.getItem("bo.token")')) as string;
    const financeEmail = uniqueEmail('finance');
    const financePassword = 'finance-password-1';
    const created = await fetch(`${baseUrl}/api/admin/staff`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: financeEmail,
        name: 'Fiona Finance',
        role: 'finance',
        password: financePassword,
      }),
    });
    expect(created.status).toBe(200);

    const finance = await browser.newPage();
    await finance.goto('/admin/');
    await finance.getByLabel('Email').fill(financeEmail);
    await finance.getByLabel('Password').fill(financePassword);
    await finance.getByRole('button', { name: 'Continue' }).click();
    const secret = ((await finance.getByTestId('totp-secret').textContent()) ?? '').replace(
      /\s/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await finance.getByLabel('Code shown by the app').fill(await code(secret));
    await finance.getByRole('button', { name: 'Confirm and sign in' }).click();
    await finance.getByText('Save your recovery codes').waitFor();
    await finance.getByLabel('I have stored these codes safely').check();
    await finance.getByRole('button', { name: 'Continue to the back office' }).click();
    await finance.getByRole('navigation', { name: 'Back office' }).waitFor();

    await finance.getByRole('link', { name: /Adjustments/ }).click();
    await finance.locator('tr[data-row]', { hasText: email }).click();
    await finance.getByRole('button', { name: 'Approve and execute' }).click();
    await finance.getByText('Adjustment approved and executed').waitFor();

    // The player sees the new balance and the movement.
    await eventually(
      'the balance badge to show 1,500',
      async () => {
        const text = (await player.getByTestId('balance-badge').textContent()) ?? '';
        if (!/1[,.]?500/.test(text)) await player.reload().then(() => waitForApp(player));
        return /1[,.]?500/.test(text);
      },
      20_000,
    );
    // The ledger's movements (an adjustment is not a payment): the All activity tab.
    await player.goto('/transactions/activity');
    await waitForApp(player);
    await player
      .getByRole('cell', { name: /1[,.]?500/ })
      .first()
      .waitFor();

    // Every step is in the audit log.
    await owner.getByRole('link', { name: 'Audit log' }).click();
    await owner.getByLabel('Action prefix').fill('staff.');
    for (const action of [
      'staff.login',
      'staff.adjustment.request',
      'staff.adjustment.approve',
      'staff.player.two_factor_reset',
      'staff.totp_enrolled',
    ]) {
      await owner.locator('tr[data-row]', { hasText: action }).first().waitFor();
    }
    await owner.getByRole('button', { name: 'Verify chain' }).click();
    await owner.getByText(/Chain intact/).waitFor();
  });
});

describe.skipIf(skipJourneys())('journey: back office sees event delivery and repairs it', () => {
  const browser = useBrowser();

  it('System › Events lists the subscribers and redelivers a dead letter', async () => {
    // A subscriber that failed on an event 8 times set it aside (written here as the outbox does:
    // a journey cannot make a subscriber fail). The player does not exist, so handing the bet
    // to the wagering subscriber again changes nothing, as for any player without a bonus.
    const key = `e2e-dead-letter:${Date.now().toString(36)}`;
    const payload = {
      bet_ref: `casino:e2e-${Date.now()}`,
      product: 'originals',
      game: 'dice',
      category: 'originals',
      player_id: '999999999',
      currency: 'EUR',
      funding: 'cash',
      bonus_id: null,
      status: 'settled',
      version: 0,
      stake_minor: '100',
      payout_minor: '0',
      settled_at: new Date().toISOString(),
    };
    const inserted = await sql(
      `insert into outbox_events (key, type, payload) values ($1, 'BetSettled', $2) returning id`,
      [key, JSON.stringify(payload)],
    );
    const eventId = String(inserted.rows[0].id);
    await sql(
      `insert into outbox_dead_letters (subscriber, event_id, attempts, error)
       values ('bonus.wagering', $1, 8, $2)`,
      [
        eventId,
        'Error: e2e: the bonus engine was unreachable\n    at handle (bonus.subscribers.ts)',
      ],
    );

    const owner = await browser.newPage();
    await ownerSignIn(owner);
    await owner.getByRole('link', { name: 'Events' }).click();
    await owner.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    for (const name of ['bonus.wagering', 'bonus.deposits', 'compliance.aml'])
      await owner.locator('tr[data-row]', { hasText: name }).waitFor();
    // One server: the instance answering is the one delivering.
    await owner.getByTestId('events-overview').getByText('this instance').waitFor();
    await owner
      .locator('tr[data-row]', { hasText: 'bonus.wagering' })
      .getByText('failing')
      .waitFor();

    const letter = owner.getByTestId('dead-letter').filter({ hasText: key });
    await letter.getByText('e2e: the bonus engine was unreachable').waitFor();
    await letter.getByRole('button', { name: 'Details' }).click();
    await letter.getByText(payload.bet_ref).waitFor();
    await letter.getByRole('button', { name: 'Redeliver' }).click();
    await owner.getByText(`Event ${eventId} redelivered`).waitFor();
    await letter.waitFor({ state: 'detached' });
    await owner
      .locator('tr[data-row]', { hasText: 'bonus.wagering' })
      .getByText('healthy')
      .waitFor();

    // On a phone each subscriber is a card and the page fits the screen.
    const phone = await browser.newPage(MOBILE);
    await ownerSignIn(phone);
    await phone.goto('/admin/system/events');
    await phone.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await phone.getByTestId('subscriber-card').filter({ hasText: 'compliance.aml' }).waitFor();
    const overflow = (await phone.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    expect(overflow).toBe(0);
  });
});
