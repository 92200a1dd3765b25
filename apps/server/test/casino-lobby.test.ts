import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await testApp();
  // The demo studio calls this server over real HTTP: it must listen.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, token?: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json() };
};

describe('catalogue and lobby', () => {
  it('pages the catalogue and filters by provider, category and name', async () => {
    const all = await get('/api/v1/customer/casino/games?page=1&per_page=3');
    expect(all.status).toBe(200);
    expect(all.body.data.games).toHaveLength(3);
    expect(all.body.data.total).toBeGreaterThanOrEqual(8);
    expect(all.body.data.pages).toBe(Math.ceil(all.body.data.total / 3));
    const page2 = await get('/api/v1/customer/casino/games?page=2&per_page=3');
    expect(page2.body.data.games[0].slug).not.toBe(all.body.data.games[0].slug);
    const byProvider = await get('/api/v1/customer/casino/games?provider=Lantern%20Studio');
    expect(byProvider.body.data.games.map((g: { slug: string }) => g.slug).sort()).toEqual([
      'dragon-pearls',
      'koi-garden',
      'lantern-fortune',
    ]);
    const slots = await get('/api/v1/customer/casino/games?category=slots&per_page=60');
    expect(slots.body.data.games.every((g: { category: string }) => g.category === 'slots')).toBe(
      true,
    );
    const search = await get('/api/v1/customer/casino/games?q=lantern');
    expect(search.body.data.games.map((g: { slug: string }) => g.slug)).toEqual([
      'lantern-fortune',
    ]);
    const literal = await get('/api/v1/customer/casino/games?q=%25');
    expect(literal.body.data.total).toBe(0);
    const bad = await get('/api/v1/customer/casino/games?category=poker');
    expect(bad.status).toBe(422);
    const tooMany = await get('/api/v1/customer/casino/games?per_page=1000');
    expect(tooMany.status).toBe(422);
  });

  it('describes a game with its RTP, bet range, art and where it opens', async () => {
    const { body } = await get('/api/v1/customer/casino/games/lantern-fortune');
    expect(body.data).toMatchObject({
      slug: 'lantern-fortune',
      provider: { name: 'Lantern Studio' },
      category: 'slots',
      rtp: '96.01',
      min_bet: '0.10',
      max_bet: '100.00',
      demo_allowed: true,
      playable: true,
      url: '/casino/game/lantern-fortune',
      thumbnail: '/api/v1/casino/thumbs/lantern-fortune.svg',
      thumbnail_width: 240,
      thumbnail_height: 320,
    });
    // The edge loyalty counts for a studio game: 100 % − its stated RTP; unknown: none.
    expect(await t.modules.lobby.service.houseEdge('lantern-fortune')).toBe(399);
    expect(await t.modules.lobby.service.houseEdge('no-such-game')).toBeNull();
    const dice = await get('/api/v1/customer/casino/games/dice');
    expect(dice.body.data).toMatchObject({ is_original: true, url: '/casino/originals/dice' });
    const art = await t.app.inject({
      method: 'GET',
      url: '/api/v1/casino/thumbs/lantern-fortune.svg',
    });
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect(art.body).toContain('width="240" height="320"');
    expect(art.body).toContain('LANTERN');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/casino/thumbs/nope-nope.svg' }))
        .statusCode,
    ).toBe(404);
  });

  it('the home rows; continue playing lists what the player played last', async () => {
    const guest = await get('/api/v1/customer/casino/home-games');
    expect(guest.body.data.featured.length).toBeGreaterThan(4);
    // Newest first: the card originals (released 2026-11-26), then the demo studio's slot.
    const newest = guest.body.data.new.map((g: { slug: string }) => g.slug);
    expect(newest.indexOf('teen-patti')).toBeLessThan(newest.indexOf('lantern-fortune'));
    expect(newest).toContain('lantern-fortune');
    expect(guest.body.data.new.map((g: { slug: string }) => g.slug)).toContain('dragon-pearls');
    expect(guest.body.data.continue_playing).toEqual([]);
    const player = await signedInPlayer(t);
    await fund(player.id, 50_00n);
    await spinReal(player.token);
    const signedIn = await get('/api/v1/customer/casino/home-games', player.token);
    expect(signedIn.body.data.continue_playing.map((g: { slug: string }) => g.slug)).toEqual([
      'lantern-fortune',
    ]);
    expect(signedIn.body.data.popular[0].slug).toBe('lantern-fortune');
  });

  it('lists the providers for the menu, the demo studio included', async () => {
    const { body } = await get('/api/v1/casino/providers');
    expect(body.data.map((p: { name: string }) => p.name)).toContain('Lantern Studio');
  });
});

describe('an honest lobby', () => {
  it('seeds no studio without a playable game; every listed game opens', async () => {
    const providers = await sql<{ name: string }>`select name from game_providers`.execute(t.db);
    expect(providers.rows.map((row) => row.name).sort()).toEqual([
      'Lantern Studio',
      'Orbit Originals',
    ]);
    const all = await get('/api/v1/customer/casino/games?per_page=60');
    expect(all.body.data.games.every((g: { playable: boolean }) => g.playable)).toBe(true);
    const home = await get('/api/v1/customer/casino/home-games');
    for (const row of ['featured', 'new', 'popular'])
      expect(home.body.data[row].every((g: { playable: boolean }) => g.playable)).toBe(true);
    const categories = await get('/api/v1/customer/casino/categories');
    expect(categories.body.data).toContainEqual({ category: 'slots', games: 3 });
    expect(categories.body.data.every((c: { games: number }) => c.games > 0)).toBe(true);
  });

  it('a studio switched off (or never connected) leaves the lists, the menu and the providers page', async () => {
    // An operator's studio with a game but no integration: found by slug, never listed.
    await sql`insert into game_providers (id, name, in_menu, sort_order)
      values (92, 'Unplugged Studio', true, 92)`.execute(t.db);
    await sql`insert into casino_games (slug, name, provider_id, category, thumbnail, rtp_bp,
      volatility, min_bet_eur_minor, max_bet_eur_minor, provider_game_code)
      values ('unplugged-slot', 'Unplugged Slot', 92, 'live', '/x.svg', 9600, 'low', 10, 100, 'u1')`.execute(
      t.db,
    );
    const listed = await get('/api/v1/customer/casino/games?per_page=60');
    expect(listed.body.data.games.map((g: { slug: string }) => g.slug)).not.toContain(
      'unplugged-slot',
    );
    expect((await get('/api/v1/customer/casino/games?category=live')).body.data.total).toBe(0);
    const categories = await get('/api/v1/customer/casino/categories');
    expect(categories.body.data.map((c: { category: string }) => c.category)).not.toContain('live');
    const one = await get('/api/v1/customer/casino/games/unplugged-slot');
    expect(one.body.data.playable).toBe(false);
    const menu = await get('/api/v1/casino/providers');
    expect(menu.body.data.map((p: { name: string }) => p.name)).not.toContain('Unplugged Studio');
    const summaries = await get('/api/v1/customer/casino/provider-summaries');
    expect(summaries.body.data.map((p: { name: string }) => p.name)).not.toContain(
      'Unplugged Studio',
    );
    const player = await signedInPlayer(t);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init',
      headers: bearer(player.token),
      payload: { game: 'unplugged-slot' },
    });
    expect(init.statusCode).toBe(409);
    expect(init.json().code).toBe('GAME_UNAVAILABLE');
  });
});

async function fund(player_id: bigint, amount_minor: bigint) {
  await t.modules.ledger.service.transfer({
    idempotency_key: `fund:${player_id}`,
    debit: { house: 'payment_clearing', purpose: 'sandbox' },
    credit: { player_id, wallet: 'cash' },
    amount_minor,
    currency: 'EUR',
    reason_code: 'deposit',
    object: { type: 'payment', id: `fund:${player_id}` },
    actor: { type: 'system', id: 'test' },
  });
}

/** Launches the slot for real and spins once through the studio (which calls us over HTTP). */
async function spinReal(token: string, game = 'lantern-fortune') {
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/casino/games-init',
    headers: bearer(token),
    payload: { game },
  });
  expect(init.statusCode, init.body).toBe(200);
  const launch = new URL(init.json().data.launch_url, base);
  const params = Object.fromEntries(launch.searchParams);
  const session = await fetch(`${base}/studio/lantern/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  expect(session.status).toBe(200);
  const spin = await fetch(`${base}/studio/lantern/api/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, bet: '1.00' }),
  });
  const body = (await spin.json()) as {
    balance: string;
    win: string;
    grid: string[][];
    free_spins: unknown[];
  };
  expect(spin.status, JSON.stringify(body)).toBe(200);
  return { session: (await session.json()) as { balance: string }, spin: body };
}

describe('the demo studio end to end (signed HTTP calls to the provider API)', () => {
  it('real money: each spin is a bet and a win through the ledger; the balance follows', async () => {
    const player = await signedInPlayer(t);
    await fund(player.id, 20_00n);
    let expected = 20_00n;
    for (let i = 0; i < 5; i++) {
      const { spin } = await spinReal(player.token);
      const win = BigInt(spin.win.replace('.', ''));
      expected = expected - 1_00n + win;
      expect(spin.balance).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
      expect(spin.grid).toHaveLength(5);
    }
    // The other two slots: one paid spin each is one round; the win (free spins included)
    // is what the wallet is paid.
    for (const game of ['koi-garden', 'dragon-pearls']) {
      const { spin } = await spinReal(player.token, game);
      expect(Array.isArray(spin.free_spins)).toBe(true);
      expected = expected - 1_00n + BigInt(spin.win.replace('.', ''));
      expect(spin.balance).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    }
    const cash = (await t.modules.ledger.service.playerBalances(player.id, 'EUR')).cash
      .balance_minor;
    expect(cash).toBe(expected);
  });

  it('demo: play money only, the ledger untouched, for guests too', async () => {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init-demo',
      payload: { game: 'lantern-fortune' },
    });
    const params = Object.fromEntries(new URL(init.json().data.launch_url, base).searchParams);
    const session = await (
      await fetch(`${base}/studio/lantern/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      })
    ).json();
    expect(session).toMatchObject({ mode: 'demo', balance: '1000.00', currency: 'FUN' });
    const before = await t.modules.ledger.service.houseBalance('wagers', 'EUR', 'lantern');
    const spin = (await (
      await fetch(`${base}/studio/lantern/api/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...params, bet: '5.00' }),
      })
    ).json()) as { currency: string };
    expect(spin.currency).toBe('FUN');
    expect(await t.modules.ledger.service.houseBalance('wagers', 'EUR', 'lantern')).toEqual(before);
    const page = await fetch(`${base}/studio/lantern/`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBeNull();
  });

  it('an unconnected studio cannot be launched; a guest cannot open real money', async () => {
    const player = await signedInPlayer(t);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init',
      headers: bearer(player.token),
      payload: { game: 'no-such-game' },
    });
    expect(init.statusCode).toBe(404);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init',
      payload: { game: 'lantern-fortune' },
    });
    expect(guest.statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init-demo',
      payload: { game: 'no-such-game' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
