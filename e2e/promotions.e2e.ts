import { describe, expect, it } from 'vitest';
import {
  eventually,
  registerViaApi,
  signInViaUi,
  storedToken,
  uniqueEmail,
  waitForApp,
} from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn, sql, staffToken } from './support/staff.ts';

describe.skipIf(skipJourneys())(
  'journey: a promotion (and the jurisdiction table) from the back office to the player',
  () => {
    const browser = useBrowser();

    it('marketing creates WELCOME100; a player deposits with it, wagers it in the casino and the sportsbook, is told why withdrawal waits, completes it and withdraws; a referral earns its month’s commission', {
      timeout: 240_000,
    }, async () => {
      const staff = await browser.newPage();
      await ownerSignIn(staff);
      await staff.getByRole('link', { name: 'Promotions' }).click();
      await staff.getByRole('button', { name: 'New promotion' }).click();
      await staff.getByLabel('Coupon code').fill('WELCOME100');
      await staff.getByLabel('Match %').fill('100');
      await staff.getByLabel('Title (en)').fill('100% welcome bonus up to 100 EUR');
      await staff
        .getByLabel('Terms (en)')
        .fill('Deposit at least 10 EUR. Wager 10× bonus + deposit within 30 days.');
      // In Bengali too, as an operator with Bengali players writes it (the Bengali walk reads
      // every promotion on the shared server).
      await staff.getByRole('tab', { name: /^bn/ }).click();
      await staff.getByLabel('Title (bn)').fill('১০০% স্বাগত বোনাস, ১০০ ইউরো পর্যন্ত');
      await staff
        .getByLabel('Terms (bn)')
        .fill('কমপক্ষে ১০ ইউরো জমা দিন। ৩০ দিনের মধ্যে বোনাস ও জমার ১০ গুণ বাজি ধরুন।');
      await staff.getByLabel('Max bonus EUR').fill('100');
      await staff.getByLabel('Min deposit EUR').fill('10');
      // Wagered once on bonus + deposit: a journey can play it through.
      await staff.getByLabel('Wagering ×').fill('1');
      await staff.getByTestId('save-promotion').click();
      await staff.getByRole('row', { name: /WELCOME100/ }).waitFor();
      expect(await staff.getByRole('row', { name: /WELCOME100/ }).textContent()).toContain('live');

      // The same staff session: the jurisdiction table the gate applies, editable and audited.
      await staff.getByRole('link', { name: 'Jurisdictions' }).click();
      expect(await staff.getByRole('row', { name: /IN/ }).first().textContent()).toContain(
        'demo only',
      );
      await staff.getByRole('button', { name: 'Add country' }).click();
      await staff.getByLabel('Country (ISO code)').fill('XZ');
      await staff.getByLabel('Policy').selectOption('blocked');
      await staff.getByLabel('Why (law or licence condition)').fill('Journey test');
      await staff.getByTestId('save-jurisdiction').click();
      await staff.getByRole('row', { name: /XZ/ }).waitFor();

      const baseUrl = browser.baseUrl();
      const email = uniqueEmail('journey-promo');
      const password = 'journey-pass-promo';
      await registerViaApi(baseUrl, { name: 'Journey Promotions', email, password });
      const player = await browser.newPage();
      await player.goto('/');
      await signInViaUi(player, email, password);
      await player.goto('/promotions');
      const card = player.getByTestId('promotion-card').filter({ hasText: 'WELCOME100' });
      await card.waitFor();
      expect(await card.textContent()).toContain('up to 100 EUR');
      await card.getByTestId('use-code').click();
      await player.getByTestId('wallet-modal').waitFor();
      expect(await player.evaluate('localStorage.getItem("coupon")')).toBe('WELCOME100');
      await player.keyboard.press('Escape');

      const free = player.getByTestId('promotion-card').filter({ hasText: 'A free 5 EUR' });
      await free.getByTestId('claim').click();
      const bonus = player.getByTestId('bonus-card');
      await bonus.waitFor();
      expect(await bonus.textContent()).toContain('0 / 150 EUR');
      await bonus.getByRole('button', { name: 'Forfeit' }).click();
      await bonus.getByTestId('forfeit-confirm').click();
      await bonus.waitFor({ state: 'detached' });

      // --- WELCOME100 with a real deposit through the sandbox gateway --------------------------
      const token = (await storedToken(player))!;
      // biome-ignore lint/suspicious/noExplicitAny: a journey reads what the API answers
      type Json = any;
      const api = async (
        url: string,
        init: { method?: string; json?: unknown } = {},
      ): Promise<Json> =>
        (
          await fetch(`${baseUrl}/api/v1${url}`, {
            method: init.method ?? 'GET',
            headers: {
              Authorization: `Bearer ${token}`,
              ...(init.json ? { 'content-type': 'application/json' } : {}),
            },
            ...(init.json ? { body: JSON.stringify(init.json) } : {}),
          })
        ).json();
      await card.getByTestId('use-code').click();
      let wallet = player.getByTestId('wallet-modal');
      await wallet.getByRole('tab', { name: 'Deposit', exact: true }).click();
      const deposit = wallet.getByTestId('deposit-form');
      await deposit.getByTestId('gateway-4').click();
      await deposit.getByLabel('Amount (EUR)').fill('100');
      await deposit.getByLabel('Bank name').selectOption('ING');
      expect(await deposit.getByLabel(/Coupon code/).inputValue()).toBe('WELCOME100');
      await Promise.all([
        player.waitForURL(/\/sandbox\/gateway\//),
        deposit.getByTestId('deposit-submit').click(),
      ]);
      await Promise.all([
        player.waitForURL((url) => url.pathname === '/'),
        player.getByTestId('sandbox-approve').click(),
      ]);
      await waitForApp(player);
      type Bonus = { status: string; amount: string; wagered: string; wagering_required: string };
      const welcome = async () =>
        ((await api('/customer/bonuses')).data as Bonus[]).find((b) => b.amount === '100.00');
      await eventually('the WELCOME100 bonus granted', async () => Boolean(await welcome()));
      expect(await welcome()).toMatchObject({ status: 'active', wagering_required: '200.00' });
      await player.goto('/promotions');
      const progress = player.getByTestId('bonus-card').filter({ hasText: '100% welcome bonus' });
      await progress.waitFor();
      expect(await progress.textContent()).toContain('0 / 200 EUR');

      // The withdrawal waits for the wagering, and names the bonus still being wagered beside
      // the bonus balance (identity verification is another journey's screen: set here).
      await sql(`update players set kyc_status = 'APPROVED' where lower(email) = $1`, [email]);
      await player.reload();
      await waitForApp(player);
      await player.getByTestId('wallet-button').click();
      wallet = player.getByTestId('wallet-modal');
      await wallet.getByRole('tab', { name: 'Withdraw', exact: true }).click();
      const blocker = wallet.getByTestId('blocker-bonus_wagering');
      await blocker.waitFor();
      expect(await blocker.textContent()).toContain('100% welcome bonus');
      expect(await blocker.textContent()).toContain('Wager 200.00 EUR more');
      await player.keyboard.press('Escape');

      // --- Sports: a 5 EUR single, settled by the trader (a win) -------------------------------
      await fetch(`${baseUrl}/dev/sports/tick`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 0 }),
      });
      // Upcoming matches first, and never the first live ones or a match's main market: the
      // sportsbook journey plays those.
      const upcoming = (await api('/sports/events?when=upcoming')).data as Array<{ id: string }>;
      const live = (await api('/sports/events?when=live')).data as Array<{ id: string }>;
      const events = upcoming.length >= 2 ? upcoming : [...upcoming, ...live].reverse();
      const event = (await api(`/sports/events/${encodeURIComponent(events[0]!.id)}`)).data as {
        markets: Array<{ id: string; selections: Array<{ id: string; odds: string | null }> }>;
      };
      const open = (m: { selections: Array<{ odds: string | null }> }) =>
        m.selections.every((x) => x.odds);
      const market = event.markets.find((m, i) => i > 0 && open(m)) ?? event.markets.find(open)!;
      const pick = market.selections[0]!;
      const sportsBet = await api('/customer/sportsbook/bets', {
        method: 'POST',
        json: {
          kind: 'single',
          selections: [{ selection_id: pick.id, odds: pick.odds }],
          stake: '5',
          accept_odds: 'any',
          idempotency_key: `journey-${Date.now()}`,
        },
      });
      expect(sportsBet.status, JSON.stringify(sportsBet)).toBe(200);
      const desk = await fetch(`${baseUrl}/api/admin/sportsbook/markets/${market.id}/settle`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${await staffToken(staff)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ winner_selection_id: pick.id, reason: 'Journey: result' }),
      });
      expect(desk.status, await desk.text()).toBe(200);
      await eventually(
        'the sports stake counted',
        async () => (await welcome())?.wagered === '5.00',
      );
      await player.reload();
      await waitForApp(player);
      await progress.waitFor();
      expect(await progress.textContent()).toContain('5 / 200 EUR');

      // --- Casino: Dice at a 90 % chance until the requirement is met --------------------------
      for (let i = 0; i < 20 && (await welcome())?.status === 'active'; i += 1) {
        const roll = await api('/customer/casino/originals/dice/bet', {
          method: 'POST',
          json: {
            amount: '10',
            target: '10.00',
            direction: 'over',
            idempotency_key: `journey-dice-${Date.now()}-${i}`,
          },
        });
        expect(roll.status, JSON.stringify(roll)).toBe(200);
      }
      await eventually(
        'the bonus converted',
        async () => (await welcome())?.status === 'completed',
      );
      await player.reload();
      await waitForApp(player);
      expect(
        await player.getByTestId('bonus-card').filter({ hasText: '100% welcome bonus' }).count(),
      ).toBe(0);

      // --- Withdraw the converted cash -------------------------------------------------------
      await player.getByTestId('wallet-button').click();
      wallet = player.getByTestId('wallet-modal');
      await wallet.getByRole('tab', { name: 'Withdraw', exact: true }).click();
      const withdraw = wallet.getByTestId('withdraw-form');
      await withdraw.getByTestId('gateway-4').click();
      await withdraw.getByLabel('Amount (EUR)').fill('150');
      await withdraw.getByLabel('Account name').fill('Journey Promotions');
      await withdraw.getByLabel('Account number').fill('DE89370400440532013000');
      await withdraw.getByLabel('Bank name').selectOption('ING');
      await withdraw.getByTestId('withdraw-submit').click();
      await player.getByText(/Withdrawal requested/).waitFor();
      await player.keyboard.press('Escape');

      // --- A referral: the player's link brings a player who plays; the month's commission ------
      const overview = (await api('/customer/affiliate/overview')).data as {
        referral_code: string;
      };
      const friendEmail = uniqueEmail('journey-friend');
      await registerViaApi(baseUrl, {
        name: 'Journey Friend',
        email: friendEmail,
        password,
        campaign_code: overview.referral_code,
      });
      const friend = await fetch(`${baseUrl}/api/v1/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: friendEmail, password }),
      }).then((r) => r.json() as Promise<Json>);
      const _friendId = (await sql('select id from players where lower(email) = $1', [friendEmail]))
        .rows[0].id as string;
      const friendToken = friend.data as string;
      const friendApi = (url: string, json: unknown): Promise<Json> =>
        fetch(`${baseUrl}/api/v1${url}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${friendToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        }).then((r) => r.json());
      // The friend deposits through the sandbox gateway.
      const friendDeposit = await fetch(`${baseUrl}/api/v1/customer/deposit/create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${friendToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '50', payment_gateway: '4', bank_name: 'ING' }),
      }).then((r) => r.json() as Promise<Json>);
      expect(friendDeposit.status, JSON.stringify(friendDeposit)).toBe(200);
      const friendPage = await browser.newPage();
      await friendPage.goto(friendDeposit.data.payment_response.payment.url);
      await Promise.all([
        friendPage.waitForURL((url) => url.pathname === '/'),
        friendPage.getByTestId('sandbox-approve').click(),
      ]);
      // A 20 EUR single that the trader settles as lost: a certain net loss for the month.
      const other = (await api(`/sports/events/${encodeURIComponent(events[1]!.id)}`)).data as {
        markets: Array<{ id: string; selections: Array<{ id: string; odds: string | null }> }>;
      };
      const lostMarket =
        other.markets.find((m, i) => i > 0 && open(m)) ?? other.markets.find(open)!;
      const [winner, loser] = lostMarket.selections as [
        { id: string; odds: string },
        { id: string; odds: string },
      ];
      const friendBet = await friendApi('/customer/sportsbook/bets', {
        kind: 'single',
        selections: [{ selection_id: loser.id, odds: loser.odds }],
        stake: '20',
        accept_odds: 'any',
        idempotency_key: `journey-friend-${Date.now()}`,
      });
      expect(friendBet.status, JSON.stringify(friendBet)).toBe(200);
      const settleLost = await fetch(
        `${baseUrl}/api/admin/sportsbook/markets/${lostMarket.id}/settle`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${await staffToken(staff)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ winner_selection_id: winner.id, reason: 'Journey: result' }),
        },
      );
      expect(settleLost.status, await settleLost.text()).toBe(200);
      const before = Number((await api('/customer/me')).data.wallet_default.balance_exact);
      const month = new Date().toISOString().slice(0, 7);
      const run = await fetch(`${baseUrl}/dev/affiliate/commissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ period: month }),
      });
      expect(run.status, await run.text()).toBe(200);
      await player.goto('/affiliate/overview');
      await waitForApp(player);
      await player.getByTestId('referrals').waitFor();
      expect(await player.getByTestId('referrals').textContent()).toMatch(/jou\*\*\*/i);
      const after = Number((await api('/customer/me')).data.wallet_default.balance_exact);
      expect(after).toBeGreaterThan(before);
      const statement = (await api('/customer/transections?type=commission')).data as {
        items: Array<{ type: string }>;
      };
      expect(statement.items[0]).toMatchObject({ type: 'commission' });
    });

    it('a player bets Dice with real money until a VIP level-up, sees it in the menu and on /vip, claims rakeback into the wallet; the back office shows the level', {
      timeout: 120_000,
    }, async () => {
      const baseUrl = browser.baseUrl();
      const staff = await browser.newPage();
      await ownerSignIn(staff);
      const admin = async (url: string, method = 'GET', json?: unknown) => {
        const response = await fetch(`${baseUrl}/api/admin${url}`, {
          method,
          headers: {
            Authorization: `Bearer ${await staffToken(staff)}`,
            ...(json ? { 'content-type': 'application/json' } : {}),
          },
          ...(json ? { body: JSON.stringify(json) } : {}),
        });
        // biome-ignore lint/suspicious/noExplicitAny: a journey reads what the API answers
        const body = (await response.json()) as any;
        expect(response.status, JSON.stringify(body)).toBe(200);
        return body.data;
      };
      // A ladder a journey can climb: Silver at 20 EUR wagered, half the edge back from the start.
      type Level = {
        name: string;
        threshold: string;
        rakeback_bp: number;
        reward: { kind: string; amount: string | null; promotion_id: string | null };
        benefits: string[];
      };
      const shipped = (await admin('/loyalty/levels')).levels as Level[];
      const restore = shipped.map((level) => ({
        name: level.name,
        threshold: level.threshold,
        rakeback_bp: level.rakeback_bp,
        reward_kind: level.reward.kind,
        reward_amount: level.reward.amount,
        reward_promotion_id: level.reward.promotion_id,
        benefits: level.benefits,
      }));
      await admin('/loyalty/levels', 'PUT', {
        levels: [
          { name: 'Bronze', threshold: '0', rakeback_bp: 5000, reward_kind: 'none' },
          {
            name: 'Silver',
            threshold: '20',
            rakeback_bp: 5000,
            reward_kind: 'cash',
            reward_amount: '1',
            benefits: ['Journey benefit'],
          },
        ],
      });
      // A race over Dice with one prize, and a rival already 30 EUR in: the player starts second.
      const raceName = `Journey race ${Date.now().toString(36)}`;
      const race = await admin('/races', 'POST', {
        name: raceName,
        metric: 'wagered',
        recurrence: 'once',
        currency: 'EUR',
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        games: ['originals:dice'],
        prizes: ['2'],
      });
      try {
        const rivalEmail = uniqueEmail('journey-rival');
        await registerViaApi(baseUrl, {
          name: 'Journey Rival',
          email: rivalEmail,
          password: 'journey-pass-rival',
        });
        await sql(
          `insert into race_entries (race_id, player_id, score, reached_at, currency, bets)
           select $1, id, 3000, now(), 'EUR', 1 from players where email = $2`,
          [race.id, rivalEmail],
        );
        const email = uniqueEmail('journey-vip');
        const password = 'journey-pass-vip';
        await registerViaApi(baseUrl, { name: 'Journey Vip', email, password });
        const player = await browser.newPage();
        await player.goto('/');
        await signInViaUi(player, email, password);
        const token = (await storedToken(player))!;
        const me = async () =>
          (
            (await (
              await fetch(`${baseUrl}/api/v1/customer/me`, {
                headers: { Authorization: `Bearer ${token}` },
              })
            ).json()) as { data: { id: number; wallet_default: { balance_exact: string } } }
          ).data;
        // 50 EUR of cash through the back office (below the four-eyes threshold: at once).
        await admin(`/players/${(await me()).id}/adjustments`, 'POST', {
          amount: '50',
          reason_code: 'goodwill',
          comment: 'Journey: VIP stake money',
        });

        await player.goto('/casino/originals/dice');
        await player.getByTestId('mode-real').click();
        await player.getByTestId('dice-amount').fill('5.00');
        // Four rolls of 5 EUR reach Silver's 20 EUR; the menu's bar says so once they are counted.
        for (let i = 0; i < 4; i += 1) {
          await player.getByTestId('dice-roll').click();
          await expect
            .poll(() => player.getByTestId('dice-history').locator('li').count())
            .toBeGreaterThan(i);
        }
        await player.getByTestId('profile-button').click();
        await expect
          .poll(async () => {
            await player.getByTestId('vip-menu-card').waitFor();
            return player.getByTestId('vip-level').textContent();
          })
          .toBe('Silver');
        await player.getByTestId('vip-menu-card').click();
        await player.waitForURL(/\/vip$/);
        await player.getByTestId('vip-level-2').waitFor();
        // 20 EUR × Dice's 1 % edge × 50 % = 0.10 EUR; the Silver reward (1 EUR) is already cash.
        await expect
          .poll(() => player.getByTestId('rakeback-claimable').textContent())
          .toMatch(/^0\.10\s*EUR$/);
        const before = Number((await me()).wallet_default.balance_exact);
        await player.getByTestId('rakeback-claim').click();
        await expect
          .poll(() => player.getByTestId('rakeback-claimable').textContent())
          .toMatch(/^0\.00\s*EUR$/);
        expect(Number((await me()).wallet_default.balance_exact) - before).toBeCloseTo(0.1, 6);

        // The race on /vip: second behind the rival's 30 EUR; three more rolls on another device
        // take the lead, and the leaderboard's socket moves the player to first on this page.
        const raceTab = player.getByRole('tab', { name: new RegExp(raceName) });
        if (await raceTab.count()) await raceTab.click();
        await expect.poll(() => player.getByTestId('race-my-place').textContent()).toBe('#2');
        const dice = await browser.newPage();
        await dice.goto('/');
        await signInViaUi(dice, email, password);
        await dice.goto('/casino/originals/dice');
        await dice.getByTestId('mode-real').click();
        await dice.getByTestId('dice-amount').fill('5.00');
        // This device lists the four rolls made on the other one first.
        const rolls = () => dice.getByTestId('dice-history').locator('li').count();
        await expect.poll(rolls).toBe(4);
        for (let i = 0; i < 3; i += 1) {
          await dice.getByTestId('dice-roll').click();
          await expect.poll(rolls).toBe(5 + i);
        }
        await dice.close();
        await expect.poll(() => player.getByTestId('race-my-place').textContent()).toBe('#1');
        expect(await player.getByTestId('race-me').textContent()).toContain('35.00');

        await staff.goto(`/admin/players/${(await me()).id}`);
        await staff.getByRole('tab', { name: 'Loyalty' }).click();
        await staff.getByText('Silver (#2)').waitFor();
        await staff.getByRole('link', { name: 'Loyalty' }).click();
        await staff.getByRole('heading', { name: 'VIP levels' }).waitFor();

        // The back office ends the race now; the ender (the leader's work, run here by the
        // development route) pays the first prize into the wallet.
        await staff.getByRole('link', { name: 'Races' }).click();
        const row = staff.getByRole('row', { name: new RegExp(raceName) });
        await row.getByRole('button', { name: 'End now' }).click();
        await row.getByText('ending').waitFor();
        const beforePrize = Number((await me()).wallet_default.balance_exact);
        const ended = await fetch(`${baseUrl}/dev/races/${race.id}/end`, { method: 'POST' });
        expect(ended.status, await ended.text()).toBe(200);
        await expect
          .poll(async () => Number((await me()).wallet_default.balance_exact) - beforePrize)
          .toBeCloseTo(2, 6);
        await expect.poll(() => player.getByTestId('race-status').textContent()).toBe('Ended');
      } finally {
        await admin('/loyalty/levels', 'PUT', { levels: restore });
        await fetch(`${baseUrl}/api/admin/races/${race.id}/cancel`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${await staffToken(staff)}` },
        });
      }
    });
  },
);
