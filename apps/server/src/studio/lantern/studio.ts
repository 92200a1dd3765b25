/**
 * The demo studio "Lantern Studio": a game provider that happens to live in this repository.
 * It behaves as an external studio would: its browser app (./public) talks only to this
 * server side, which spins the slot and calls the operator's seamless-wallet API over HTTP
 * with signed requests (docs/provider-api.md). It never imports an operator module.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { type Play, play, SLOT_GAMES, type SlotGame, slotGame, winMinor } from './slot.ts';

const PUBLIC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public');
const FILES: Record<string, string> = {
  '': 'index.html',
  'index.html': 'index.html',
  'slot.js': 'slot.js',
  'slot.css': 'slot.css',
};
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** Play money a demo session starts with. */
export const DEMO_BALANCE_MINOR = 1_000_00n;
const DEMO_SESSIONS_MAX = 10_000;
const RETRIES = 3;

export type StudioOptions = {
  code: string;
  secret: string;
  /** The operator's base URL (e.g. http://127.0.0.1:3000); asked on every call. */
  operatorUrl: () => string;
  log?: (message: string, error: unknown) => void;
};

type OperatorAnswer = { status: number; body: Record<string, unknown> };

const toMinor = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return (
    BigInt(whole!) * 100n +
    BigInt(fraction.padEnd(2, '0').slice(0, 2)) * (amount.startsWith('-') ? -1n : 1n)
  );
};
const toAmount = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
/**
 * What the slot shows: the cash balance, plus the bonus money the operator lets bets stake
 * (`bonus_balance`, under its "bonus first" order), as a real studio shows real + bonus.
 */
const shown = (body: Record<string, unknown>) =>
  typeof body.balance === 'string' && typeof body.bonus_balance === 'string'
    ? toAmount(toMinor(body.balance) + toMinor(body.bonus_balance))
    : body.balance;

export function lanternStudio(options: StudioOptions): FastifyPluginAsync {
  /** Demo wallets: play money kept by the studio, keyed by the demo token. */
  const demo = new Map<string, bigint>();

  async function call(action: string, payload: Record<string, unknown>): Promise<OperatorAnswer> {
    const raw = JSON.stringify(payload);
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', options.secret)
      .update(`${timestamp}.${raw}`)
      .digest('hex');
    const response = await fetch(
      `${options.operatorUrl()}/api/provider/v1/${options.code}/${action}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': signature,
        },
        body: raw,
        signal: AbortSignal.timeout(5_000),
      },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Credits must land: retried (same transaction id, so never twice) until the operator answers. */
  async function callReliably(action: string, payload: Record<string, unknown>) {
    let last: unknown;
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      try {
        const answer = await call(action, payload);
        if (answer.status < 500) return answer;
        last = new Error(`operator answered ${answer.status}`);
      } catch (error) {
        last = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    throw last;
  }

  return async (app) => {
    // The operator's site frames this app; nothing else may.
    app.addHook('onSend', async (_request, reply) => {
      reply.removeHeader('x-frame-options');
      reply.header(
        'content-security-policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'self'",
      );
    });

    app.get<{ Params: { file?: string } }>(
      '/:file?',
      { schema: { hide: true } },
      async (request, reply) => {
        const file = FILES[request.params.file ?? ''];
        if (!file) return reply.status(404).send({ status: 404, message: 'Not found' });
        const text = await readFile(path.join(PUBLIC, file), 'utf8');
        return reply
          .header('content-type', TYPES[file.split('.').pop()!]!)
          .header('cache-control', 'no-cache')
          .send(text);
      },
    );

    app.get<{ Querystring: { game?: string } }>(
      '/api/paytable',
      { schema: { hide: true } },
      async (request, reply) => {
        const game = slotGame(request.query.game ?? 'lantern-fortune');
        if (!game) return reply.status(404).send({ status: 404, message: 'No such game' });
        return {
          game: game.code,
          name: game.name,
          volatility: game.volatility,
          rtp: (game.statedRtpBp / 100).toFixed(2),
          sd: game.statedSd,
          lines: game.paylines,
          wild: game.wild,
          scatter: game.scatter ?? null,
          feature: game.feature ?? null,
          paytable: Object.fromEntries(
            game.symbols.map((symbol) => [
              symbol,
              { name: game.names[symbol], pays: game.paytable[symbol] },
            ]),
          ),
          bets: game.bets.map(toAmount),
          reels: game.reels,
        };
      },
    );

    type Launch = {
      mode: 'real' | 'demo';
      token: string;
      player?: string;
      currency: string;
      game: string;
    };
    const launchOf = (body: unknown): Launch | null => {
      const b = body as Partial<Launch> | null;
      if (
        !b ||
        (b.mode !== 'real' && b.mode !== 'demo') ||
        typeof b.token !== 'string' ||
        b.token.length > 200
      )
        return null;
      if (typeof b.currency !== 'string' || typeof b.game !== 'string' || !slotGame(b.game))
        return null;
      if (b.mode === 'real' && typeof b.player !== 'string') return null;
      return b as Launch;
    };
    const fail = (
      reply: { status: (n: number) => { send: (b: unknown) => unknown } },
      status: number,
      code: string,
      message: string,
      balance?: unknown,
    ) =>
      reply
        .status(status)
        .send({ status, code, message, ...(balance !== undefined ? { balance } : {}) });

    app.post('/api/session', { schema: { hide: true } }, async (request, reply) => {
      const launch = launchOf(request.body);
      if (!launch) return fail(reply, 400, 'BAD_LAUNCH', 'The launch parameters are incomplete');
      if (launch.mode === 'demo') {
        if (!demo.has(launch.token)) {
          if (demo.size >= DEMO_SESSIONS_MAX) demo.delete(demo.keys().next().value!);
          demo.set(launch.token, DEMO_BALANCE_MINOR);
        }
        return { mode: 'demo', balance: toAmount(demo.get(launch.token)!), currency: 'FUN' };
      }
      const answer = await call('balance', {
        session_token: launch.token,
        player_id: launch.player,
        currency: launch.currency,
        game_code: launch.game,
      });
      if (answer.status !== 200)
        return fail(reply, answer.status, String(answer.body.code), String(answer.body.message));
      return {
        mode: 'real',
        balance: shown(answer.body),
        currency: answer.body.currency,
        free_rounds: answer.body.free_rounds ?? [],
      };
    });

    /**
     * A free spin (the operator's free-rounds grant): the bet is the grant's, read from the
     * operator (never from the browser); nothing is staked; the win is reported against the
     * grant with `free-round`, retried with the same transaction id until the operator answers.
     */
    app.post('/api/free-spin', { schema: { hide: true } }, async (request, reply) => {
      const launch = launchOf(request.body);
      const grant_id = (request.body as { grant_id?: unknown } | null)?.grant_id;
      if (launch?.mode !== 'real' || typeof grant_id !== 'string' || grant_id.length > 100)
        return fail(reply, 400, 'BAD_SPIN', 'A real-money launch and a grant_id are required');
      const session = {
        session_token: launch.token,
        player_id: launch.player,
        currency: launch.currency,
        game_code: launch.game,
      };
      const answer = await call('balance', session);
      if (answer.status !== 200)
        return fail(reply, answer.status, String(answer.body.code), String(answer.body.message));
      const grants = (answer.body.free_rounds ?? []) as Array<{ grant_id: string; bet: string }>;
      const grant = grants.find((g) => g.grant_id === grant_id);
      if (!grant) return fail(reply, 404, 'FREE_ROUNDS_NOT_FOUND', 'These free spins are over');
      const stake = toMinor(grant.bet);
      if (stake <= 0n) return fail(reply, 422, 'BAD_BET', 'This game cannot play that bet');
      const game = slotGame(launch.game)!;
      const view = roundView(game, play(game), stake);
      const win = toMinor(view.win);
      const round_id = `lf-${randomUUID()}`;
      const played = await callReliably('free-round', {
        ...session,
        grant_id,
        round_id,
        transaction_id: `${round_id}:free`,
        win: toAmount(win),
      });
      if (played.status !== 200)
        return fail(reply, played.status, String(played.body.code), String(played.body.message));
      return {
        ...view,
        bet: grant.bet,
        balance: shown(played.body),
        currency: played.body.currency,
        round_id,
        free_round: {
          grant_id,
          spins_total: played.body.spins_total,
          spins_left: played.body.spins_left,
          total_win: played.body.win,
          finished: played.body.finished,
        },
      };
    });

    app.post('/api/spin', { schema: { hide: true } }, async (request, reply) => {
      const launch = launchOf(request.body);
      const bet = (request.body as { bet?: unknown } | null)?.bet;
      if (!launch || typeof bet !== 'string' || !/^\d{1,6}\.\d{2}$/.test(bet))
        return fail(reply, 400, 'BAD_SPIN', 'A launch and a bet ("1.00") are required');
      const stake = toMinor(bet);
      const game = slotGame(launch.game)!;
      if (!game.bets.includes(stake))
        return fail(reply, 422, 'BAD_BET', 'Choose one of the offered bets');
      const view = { ...roundView(game, play(game), stake), bet };
      const win = toMinor(view.win);
      if (launch.mode === 'demo') {
        const balance = demo.get(launch.token);
        if (balance === undefined) return fail(reply, 404, 'UNKNOWN_SESSION', 'Reload the game');
        if (balance < stake)
          return fail(reply, 409, 'INSUFFICIENT_FUNDS', 'Not enough play money', toAmount(balance));
        demo.set(launch.token, balance - stake + win);
        return { ...view, balance: toAmount(balance - stake + win), currency: 'FUN' };
      }
      const round_id = `lf-${randomUUID()}`;
      const common = {
        player_id: launch.player,
        currency: launch.currency,
        game_code: launch.game,
        session_token: launch.token,
        round_id,
      };
      const betTxn = `${round_id}:bet`;
      let placed: OperatorAnswer;
      try {
        placed = await call('bet', { ...common, transaction_id: betTxn, amount: bet });
      } catch (error) {
        // No answer: the bet may or may not have landed. Undo it (a tombstone if it never did).
        options.log?.('lantern: bet without an answer, rolling back', error);
        await callReliably('rollback', {
          player_id: launch.player,
          currency: launch.currency,
          round_id,
          transaction_id: `${round_id}:rollback`,
          reference_transaction_id: betTxn,
        }).catch((e) => options.log?.('lantern: rollback failed', e));
        return fail(
          reply,
          503,
          'OPERATOR_UNAVAILABLE',
          'The casino did not answer; your bet was cancelled',
        );
      }
      if (placed.status !== 200) {
        return fail(
          reply,
          placed.status,
          String(placed.body.code),
          String(placed.body.message),
          shown(placed.body),
        );
      }
      const settled = await callReliably('win', {
        ...common,
        transaction_id: `${round_id}:win`,
        amount: toAmount(win),
        round_closed: true,
      });
      if (settled.status !== 200) {
        return fail(
          reply,
          settled.status,
          String(settled.body.code),
          String(settled.body.message),
          shown(settled.body),
        );
      }
      return { ...view, balance: shown(settled.body), currency: settled.body.currency, round_id };
    });
  };
}

/**
 * A round as the browser draws it: the base spin, then each free spin it started, with the
 * amounts in money. The round's win is the sum of the spins' wins (each rounded down to a
 * minor unit), so what the screen adds up is what the wallet is paid.
 */
function roundView(game: SlotGame, round: Play, stake: bigint) {
  const spinView = (spin: Play['base']) => ({
    grid: spin.grid,
    stops: spin.stops,
    wins: spin.wins.map((w) => ({ ...w, amount: toAmount(winMinor(game, stake, w.pay)) })),
    scatter: spin.scatter
      ? {
          ...spin.scatter,
          amount: toAmount(winMinor(game, stake, spin.scatter.pay)),
        }
      : null,
    win: toAmount(winMinor(game, stake, spin.total)),
  });
  const base = spinView(round.base);
  const free = round.free.map(spinView);
  const win = [base, ...free].reduce((sum, spin) => sum + toMinor(spin.win), 0n);
  return {
    game: game.code,
    ...base,
    free_spins: free,
    multiplier: game.feature?.multiplier ?? 1,
    base_win: base.win,
    win: toAmount(win),
  };
}

/** The games this studio serves (their codes are the operator's provider game codes). */
export const LANTERN_GAMES = SLOT_GAMES.map((game) => game.code);
