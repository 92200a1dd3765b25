import { cardLabel, cardOf, crashPoint, recompute, sha256Hex } from '@casino/games';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../../app/bet-games.ts';
import { betPageOf } from '../../lib/bet-links.ts';
import type { BetDetail } from './api/bets.ts';
import { GenericOutcome, StudioRound } from './renderers/generic.tsx';
import { DiceOutcome } from './renderers/originals.tsx';
import { betRenderer, registerBetRenderer } from './renderers/registry.ts';
import { canVerify, registerSeedVerifier, verifyBet } from './verify.ts';

const base: BetDetail = {
  id: '1',
  kind: 'original',
  game: 'dice',
  game_name: 'Dice',
  category: 'arcade',
  provider: 'Orbit Originals',
  state: 'settled',
  currency: 'EUR',
  amount: '1.00',
  payout: '0.00',
  multiplier: '0.00',
  won: false,
  created_at: '2026-11-26T00:00:00.000Z',
  details: {},
  fairness: null,
  round: null,
};

async function diceBet(serverSeed: string | null): Promise<BetDetail> {
  const seeds = { serverSeed: 'the-server-seed', clientSeed: 'my-seed', nonce: 7 };
  const r = await recompute(seeds, { game: 'dice' });
  const roll = r.game === 'dice' ? r.roll : 0;
  return {
    ...base,
    details: { target: '50.50', direction: 'over', roll: (roll / 100).toFixed(2) },
    fairness: {
      scheme: 'seed_pair',
      server_seed_hash: await sha256Hex('the-server-seed'),
      server_seed: serverSeed,
      client_seed: 'my-seed',
      nonce: 7,
      edge_bp: 100,
    },
  };
}

describe('bet page verification', () => {
  it('recomputes a dice roll from the revealed seed and catches a tampered record', async () => {
    expect(canVerify(await diceBet(null))).toBe(false);
    const bet = await diceBet('the-server-seed');
    expect(canVerify(bet)).toBe(true);
    expect(await verifyBet(bet)).toMatchObject({ ok: true, hashMatches: true });
    const tampered = { ...bet, details: { ...bet.details, roll: '99.99' } };
    expect((await verifyBet(tampered))?.ok).toBe(false);
    const wrongSeed = {
      ...bet,
      fairness: { ...(bet.fairness as object), server_seed: 'another' },
    } as BetDetail;
    expect((await verifyBet(wrongSeed))?.hashMatches).toBe(false);
  });

  it('checks Keno, Wheel and Roulette draws the same way', async () => {
    const seeds = { serverSeed: 'the-server-seed', clientSeed: 'my-seed', nonce: 3 };
    const fairness = {
      scheme: 'seed_pair' as const,
      server_seed_hash: await sha256Hex(seeds.serverSeed),
      server_seed: seeds.serverSeed,
      client_seed: seeds.clientSeed,
      nonce: seeds.nonce,
      edge_bp: 100,
    };
    const keno = await recompute(seeds, { game: 'keno' });
    const wheel = await recompute(seeds, { game: 'wheel', segments: 20 });
    const roulette = await recompute(seeds, { game: 'roulette' });
    const bets: BetDetail[] = [
      {
        ...base,
        game: 'keno',
        fairness,
        details: { drawn: keno.game === 'keno' ? keno.drawn : [] },
      },
      {
        ...base,
        game: 'wheel',
        fairness,
        details: { segments: 20, segment: wheel.game === 'wheel' ? wheel.segment : -1 },
      },
      {
        ...base,
        game: 'roulette',
        fairness,
        details: { pocket: roulette.game === 'roulette' ? roulette.pocket : -1 },
      },
    ];
    for (const bet of bets) expect((await verifyBet(bet))?.ok, bet.game).toBe(true);
    const wrong = { ...bets[2]!, details: { pocket: 99 } };
    expect((await verifyBet(wrong))?.ok).toBe(false);
  });

  it('replays HiLo and Blackjack rounds from their recorded moves and catches a changed card', async () => {
    const seeds = { serverSeed: 'the-server-seed', clientSeed: 'my-seed', nonce: 11 };
    const fairness = {
      scheme: 'seed_pair' as const,
      server_seed_hash: await sha256Hex(seeds.serverSeed),
      server_seed: seeds.serverSeed,
      client_seed: seeds.clientSeed,
      nonce: seeds.nonce,
      edge_bp: 100,
    };
    const hilo = await recompute(seeds, { game: 'hilo', guesses: ['skip', 'skip'] });
    const blackjack = await recompute(seeds, { game: 'blackjack', actions: [] });
    if (hilo.game !== 'hilo' || blackjack.game !== 'blackjack') throw new Error('wrong game');
    const hiloBet: BetDetail = {
      ...base,
      game: 'hilo',
      fairness,
      details: { cards: hilo.round.cards, guesses_made: ['skip', 'skip'] },
    };
    const bjBet: BetDetail = {
      ...base,
      game: 'blackjack',
      fairness,
      details: {
        hands: blackjack.round.hands.map((h) => ({ cards: h.cards })),
        // The dealer's hand as recorded once the round is over (or its up card while it runs).
        dealer: { cards: blackjack.round.dealer },
        actions: blackjack.round.actions,
      },
    };
    if (blackjack.round.phase !== 'done') {
      const stood = await recompute(seeds, { game: 'blackjack', actions: ['stand'] });
      if (stood.game !== 'blackjack') throw new Error('wrong game');
      bjBet.details = {
        hands: stood.round.hands.map((h) => ({ cards: h.cards })),
        dealer: { cards: stood.round.dealer },
        actions: stood.round.actions,
      };
    }
    expect(canVerify(hiloBet) && canVerify(bjBet)).toBe(true);
    expect(betRenderer(hiloBet)).not.toBe(GenericOutcome);
    expect(betRenderer(bjBet)).not.toBe(GenericOutcome);
    expect(await verifyBet(hiloBet)).toMatchObject({ ok: true });
    expect(await verifyBet(bjBet)).toMatchObject({ ok: true });
    const changed = [...hilo.round.cards];
    changed[1] = (changed[1]! + 4) % 52;
    expect(
      (await verifyBet({ ...hiloBet, details: { ...hiloBet.details, cards: changed } }))?.ok,
    ).toBe(false);
    expect(
      (await verifyBet({ ...bjBet, details: { ...bjBet.details, dealer: { cards: [0, 1] } } }))?.ok,
    ).toBe(false);
  });

  it('draws and checks the four card tables (Baccarat, Dragon Tiger, Teen Patti, Andar Bahar) and catches a changed card', async () => {
    const seeds = { serverSeed: 'the-server-seed', clientSeed: 'my-seed', nonce: 5 };
    const fairness = {
      scheme: 'seed_pair' as const,
      server_seed_hash: await sha256Hex(seeds.serverSeed),
      server_seed: seeds.serverSeed,
      client_seed: seeds.clientSeed,
      nonce: seeds.nonce,
      edge_bp: 100,
    };
    for (const game of ['baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'] as const) {
      // The record as the server keeps it: the deal's fields, the chips and what they returned.
      const { game: _, ...deal } = await recompute(seeds, { game });
      const bet: BetDetail = {
        ...base,
        game,
        fairness,
        details: { ...deal, chips: [{ spot: 'tie', amount: '1.00', payout: '0.00' }] },
      };
      expect(canVerify(bet), game).toBe(true);
      const Outcome = betRenderer(bet);
      expect(Outcome, game).not.toBe(GenericOutcome);
      const html = renderToStaticMarkup(createElement(Outcome, { bet }));
      expect(html, game).toContain(`data-testid="outcome-${game}"`);
      // Every card of the deal is drawn (a face-up card carries its index).
      const cards = Object.values(deal).flatMap((v) =>
        typeof v === 'number' ? [v] : Array.isArray(v) ? v : [],
      );
      for (const card of cards) {
        expect(html, game).toContain(`data-card="${cardLabel(cardOf(card))}"`);
      }
      const verdict = await verifyBet(bet);
      expect(verdict, game).toMatchObject({ ok: true, hashMatches: true });
      expect(verdict?.recorded, game).toContain('→');
      // One card changed in the record: the check finds the mismatch.
      const [key, value] = Object.entries(deal).find(
        ([k]) => k !== 'winner' && k !== 'player_total',
      )!;
      const changed = Array.isArray(value)
        ? [((value[0] as number) + 4) % 52, ...value.slice(1)]
        : ((value as number) + 4) % 52;
      const tampered = { ...bet, details: { ...bet.details, [key]: changed } };
      expect((await verifyBet(tampered))?.ok, game).toBe(false);
    }
  });

  it('recomputes a crash point from the round hash and salt', async () => {
    const hash = 'a'.repeat(64);
    const point = await crashPoint(hash, 'salt', 100);
    const at = `${Math.floor(point / 100)}.${String(point % 100).padStart(2, '0')}`;
    const bet: BetDetail = {
      ...base,
      kind: 'crash',
      game: 'crash',
      fairness: {
        scheme: 'crash_chain',
        round_hash: hash,
        salt: 'salt',
        edge_bp: 100,
        crash_point: at,
      },
    };
    expect((await verifyBet(bet))?.ok).toBe(true);
  });

  it('a new game registers its own verifier and renderer; others get the generic view', async () => {
    const poker = { ...(await diceBet('the-server-seed')), game: 'video-poker' };
    expect(canVerify(poker)).toBe(false);
    registerSeedVerifier('video-poker', async () => ({ recorded: 'x', recomputed: 'x' }));
    expect(canVerify(poker)).toBe(true);
    expect(betRenderer(poker)).toBe(GenericOutcome);
    const Poker = () => null;
    registerBetRenderer('video-poker', Poker);
    expect(betRenderer(poker)).toBe(Poker);
    expect(betRenderer(base)).toBe(DiceOutcome);
    expect(betRenderer({ ...base, kind: 'studio', game: 'koi-garden' })).toBe(StudioRound);
  });

  it('links a ledger movement of a casino bet to its page', () => {
    expect(betPageOf('bet:casino:12')).toBe('/casino/bets/12');
    expect(betPageOf('bet:crash:5')).toBe('/casino/bets/crash-5');
    expect(betPageOf('bet:provider:lantern:lf-1')).toBe(
      `/casino/bets/${encodeURIComponent('provider:lantern:lf-1')}`,
    );
    expect(betPageOf('payment:9')).toBeNull();
    expect(betPageOf('bet:sports:3')).toBeNull();
  });
});
