import { createHash } from 'node:crypto';
import { crashPoint, hiloRank, sha256Hex } from '@casino/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { fundedPlayer } from './originals-support.ts';
import { verifyRecorded } from './verifier-support.ts';

/**
 * The promise of the originals: every recorded bet recomputes, with the public verifier, to
 * the result and the payout the player got. 10,000 bets over every original — the card games
 * played to their end with their moves, Crash over rounds of the whole table — placed through
 * the services by many players at once (the HTTP layer is swept by the games' own files).
 */
const PLAYERS = 20;
const CRASH_ROUNDS = 25;
const BETS = 10_000;
/** Per player, the bets of the seeded games (Crash's are one per player and round). */
const SEEDED_PER_PLAYER = (BETS - PLAYERS * CRASH_ROUNDS) / PLAYERS;
/** The games of one request, and the card games of several (each bet a round to its end). */
const INSTANT = [
  'dice',
  'limbo',
  'plinko',
  'keno',
  'wheel',
  'roulette',
  'baccarat',
  'dragon-tiger',
  'teen-patti',
  'andar-bahar',
] as const;
const ROUNDS = ['mines', 'hilo', 'blackjack'] as const;
const SEEDED = [...INSTANT, ...ROUNDS];
/**
 * A player's `i`-th seeded bet: three in every 32 a round of Mines, HiLo or Blackjack (a round
 * costs about five bets' statements), the rest the instant games in turn.
 */
const gameOf = (lane: number, i: number) =>
  i % 32 >= 29 ? ROUNDS[(i % 32) - 29]! : INSTANT[(i + lane) % INSTANT.length]!;
let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  // The outbox's consumers (loyalty, metrics) are not what this checks: their events wait.
  t = await testApp({ deliverEvents: false });
  // A short chain of our own (the default is ten million hashes); the clock is the test's.
  const seed = createHash('sha256').update(`sweep-${clock}`).digest('hex');
  t.modules.originals.crash.configure({
    now: () => clock,
    betting_ms: 5_000,
    pause_ms: 0,
    newChain: () => ({ seed, salt: 'sweep-salt', length: CRASH_ROUNDS + 5 }),
  });
});
afterAll(async () => {
  await t.close();
});

type Player = { id: bigint; currency_id: number };
const client = { ip: '127.0.0.1' };
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** One bet of the seeded game `game`, its parameters varied by `i`, played to its end. */
async function playSeeded(player: Player, game: (typeof SEEDED)[number], i: number, key: string) {
  const svc = t.modules.originals.service;
  const cards = t.modules.originals.cards;
  const bet = { amount: '1', idempotency_key: key };
  switch (game) {
    case 'dice':
      return svc.diceBet(
        player,
        { ...bet, target: String(2 + (i % 95)), direction: i % 2 ? 'over' : 'under' },
        client,
      );
    case 'limbo':
      return svc.limboBet(
        player,
        { ...bet, target: ((101 + (i % 40) * 10) / 100).toFixed(2) },
        client,
      );
    case 'plinko':
      return svc.plinkoBet(
        player,
        { ...bet, rows: 8 + (i % 9), risk: pick(['low', 'medium', 'high'], i) },
        client,
      );
    case 'keno':
      return svc.kenoBet(
        player,
        {
          ...bet,
          picks: [...Array(1 + (i % 10)).keys()].map((j) => ((i + j * 7) % 40) + 1),
          risk: pick(['classic', 'low', 'medium', 'high'], i >> 1),
        },
        client,
      );
    case 'wheel':
      return svc.wheelBet(
        player,
        { ...bet, segments: 10 * (1 + (i % 5)), risk: pick(['low', 'medium', 'high'], i >> 2) },
        client,
      );
    case 'roulette':
      return svc.rouletteBet(
        player,
        {
          idempotency_key: key,
          chips: [
            { type: 'straight', numbers: [i % 37], amount: '1' },
            { type: 'column', index: 1 + (i % 3), amount: '2' },
            { type: i % 2 ? 'black' : 'even', amount: '0.50' },
          ],
        },
        client,
      );
    case 'baccarat':
    case 'dragon-tiger':
    case 'teen-patti':
    case 'andar-bahar': {
      const slips: Record<typeof game, Record<string, string>[]> = {
        baccarat: [
          { player: '1' },
          { banker: '1', tie: '0.50' },
          { player_pair: '1', banker_pair: '1', player: '2' },
        ],
        'dragon-tiger': [{ dragon: '1' }, { tiger: '1', tie: '0.50' }],
        'teen-patti': [{ ante: '1' }, { ante: '2', pair_plus: '0.50' }],
        'andar-bahar': [{ andar: '1' }, { bahar: '1', '1-5': '0.50', '16-25': '0.50' }],
      };
      return svc.cardBet(
        game,
        player,
        { bets: pick(slips[game], i >> 3), idempotency_key: key },
        client,
      );
    }
    case 'mines': {
      await svc.minesStart(player, { ...bet, mines: 1 + (i % 24) }, client);
      // Up to three tiles, then the cash-out (a mine ends it first; so may the last gem).
      for (let k = 0; k < 1 + (i % 3); k++) {
        const view = await svc.minesReveal(player, (i + k * 7) % 25);
        if (view.state !== 'active') return view;
      }
      return svc.minesCashout(player);
    }
    case 'hilo': {
      let view = await cards.hiloStart(player, bet, client);
      // Higher from a low card, lower from a high one, a skip now and then; cash out after a run.
      for (let k = 0; view.state === 'active'; k++) {
        const d = view.details as { cards: number[]; step: number; can_cash_out: boolean };
        if (d.can_cash_out && k >= 1 + (i % 4)) return cards.hiloCashout(player, d.step);
        const rank = hiloRank(d.cards[d.cards.length - 1]!);
        const guess = k === 1 && i % 5 === 0 ? 'skip' : rank < 6 ? 'higher' : 'lower';
        view = await cards.hiloGuess(player, guess, d.step);
      }
      return view;
    }
    case 'blackjack': {
      let view = await cards.blackjackStart(player, bet, client);
      while (view.state === 'active') {
        const d = view.details as {
          legal: string[];
          step: number;
          active: number;
          hands: { total: number }[];
        };
        const can = (a: string) => d.legal.includes(a);
        const action = can('insurance')
          ? i % 2
            ? 'insurance'
            : 'no_insurance'
          : can('split') && i % 2 === 0
            ? 'split'
            : can('double') && i % 3 === 0
              ? 'double'
              : (d.hands[d.active]?.total ?? 21) < 17
                ? 'hit'
                : 'stand';
        view = await cards.blackjackAction(player, action, d.step, client);
      }
      return view;
    }
  }
}

/** Rounds of Crash for the whole table: each player bets, most with an auto cash-out. */
async function playCrash(players: Player[]) {
  const crash = t.modules.originals.crash;
  for (let round = 0; round < CRASH_ROUNDS; round++) {
    await crash.tick();
    expect(crash.round?.status).toBe('betting');
    await Promise.all(
      players.map((player, index) =>
        crash.placeBet(
          player,
          {
            amount: '1',
            auto_cashout:
              (index + round) % 7 === 0
                ? null
                : (1.01 + ((index * 13 + round) % 40) / 10).toFixed(2),
            idempotency_key: `crash-${round}-${index}`,
          },
          client,
        ),
      ),
    );
    clock += 5_000;
    await crash.tick();
    expect(crash.round?.status).toBe('running');
    // Far past any crash point: the auto cash-outs reached, then the crash, in one step.
    clock += 600_000;
    await crash.tick();
    expect(crash.round).toBeNull();
  }
}

describe('the verifier agrees with every recorded bet', () => {
  it(`${BETS.toLocaleString('en')} bets over every original: the draw, the payout and the commitment`, async () => {
    const funded = await Promise.all(
      [...Array(PLAYERS).keys()].map(() => fundedPlayer(t, 1_000_000_00n)),
    );
    const players: Player[] = funded.map((p) => ({ id: p.id, currency_id: 1 }));
    const svc = t.modules.originals.service;
    // The commitment each player sees before the first bet.
    const committed = new Map<bigint, string>();
    for (const p of players) committed.set(p.id, (await svc.fairness(p.id)).server_seed_hash);

    await Promise.all([
      playCrash(players),
      ...players.map(async (player, index) => {
        for (let i = 0; i < SEEDED_PER_PLAYER; i++) {
          const game = gameOf(index, i);
          const view = await playSeeded(player, game, i, `sweep-${index}-${i}`);
          expect(view.state, `${game} ${i}`).toBe('settled');
        }
      }),
    ]);
    await svc.flushSettled();
    for (const p of players) await svc.rotate(p.id, undefined);

    const seeded = await sql<{
      player_id: string;
      game: string;
      params: Record<string, unknown>;
      outcome: Record<string, unknown>;
      stake_minor: string;
      payout_minor: string;
      nonce: number;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
    }>`select b.player_id, b.game, b.params, b.outcome, b.stake_minor, b.payout_minor, b.nonce,
              s.server_seed, s.server_seed_hash, s.client_seed
         from casino_bets b join fair_seeds s on s.id = b.seed_id
        where b.player_id in (${sql.join(players.map((p) => p.id))}) and b.status = 'settled'`.execute(
      t.db,
    );
    expect(seeded.rows).toHaveLength(PLAYERS * SEEDED_PER_PLAYER);
    const perGame = new Map<string, number>();
    const nonces = new Set<string>();
    for (const row of seeded.rows) {
      const label = `${row.game} of player ${row.player_id} at nonce ${row.nonce}`;
      perGame.set(row.game, (perGame.get(row.game) ?? 0) + 1);
      nonces.add(`${row.player_id}:${row.nonce}`);
      // The revealed seed is the one committed to before the first bet.
      expect(await sha256Hex(row.server_seed), label).toBe(row.server_seed_hash);
      expect(row.server_seed_hash, label).toBe(committed.get(BigInt(row.player_id)));
      const verified = await verifyRecorded({
        game: row.game,
        params: row.params,
        outcome: row.outcome,
        stake_minor: BigInt(row.stake_minor),
        payout_minor: BigInt(row.payout_minor),
        seeds: { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce },
      });
      expect(verified.drawn, label).toEqual(verified.stored);
      expect(verified.payout, label).toBe(BigInt(row.payout_minor));
    }
    // One nonce per bet, and every seeded original played.
    expect(nonces.size).toBe(seeded.rows.length);
    expect([...perGame.keys()].sort()).toEqual([...SEEDED].sort());

    const crashed = await sql<{
      chain_round: number;
      hash: string;
      crash_point_x100: number;
      edge_bp: number;
      salt: string;
      terminating_hash: string;
      stake_minor: string;
      payout_minor: string;
      limit_x100: number;
      auto_cashout_x100: number | null;
      status: string;
    }>`select r.chain_round, r.hash, r.crash_point_x100, r.edge_bp, c.salt, c.terminating_hash,
              b.stake_minor, b.payout_minor, b.limit_x100, b.auto_cashout_x100, b.status
         from crash_bets b join crash_rounds r on r.id = b.round_id join crash_chains c on c.id = r.chain_id
        where b.player_id in (${sql.join(players.map((p) => p.id))})
        order by r.chain_round`.execute(t.db);
    expect(crashed.rows).toHaveLength(PLAYERS * CRASH_ROUNDS);
    const hashes = new Map(crashed.rows.map((r) => [r.chain_round, r.hash]));
    for (const bet of crashed.rows) {
      const label = `crash round ${bet.chain_round}`;
      // Each round's hash hashes to the one before it; the first to the published commitment.
      expect(await sha256Hex(bet.hash), label).toBe(
        bet.chain_round === 1 ? bet.terminating_hash : hashes.get(bet.chain_round - 1),
      );
      expect(await crashPoint(bet.hash, bet.salt, bet.edge_bp), label).toBe(bet.crash_point_x100);
      if (bet.auto_cashout_x100 !== null) expect(bet.limit_x100, label).toBe(bet.auto_cashout_x100);
      const won = bet.limit_x100 <= bet.crash_point_x100;
      expect(bet.status, label).toBe(won ? 'cashed' : 'lost');
      expect(BigInt(bet.payout_minor), label).toBe(
        won ? (BigInt(bet.stake_minor) * BigInt(bet.limit_x100)) / 100n : 0n,
      );
    }
    expect(seeded.rows.length + crashed.rows.length).toBe(BETS);
    await expectLedgerConsistent(t.db);
  }, 600_000);
});
