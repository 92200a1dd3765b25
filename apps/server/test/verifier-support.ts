import {
  ANDAR_BAHAR_PAYS_X100,
  ANDAR_BAHAR_RANGES,
  andarBaharRangeOf,
  type BaccaratBet,
  type BlackjackAction,
  baccaratReturn_x100,
  blackjackPayout,
  cardOf,
  type DiceDirection,
  type DragonTigerBet,
  dicePayout,
  diceWins,
  dragonTigerReturn_x100,
  type HiloGuess,
  hiloPayout,
  type KenoRisk,
  kenoPayout,
  limboPayout,
  limboWins,
  MINES_TILES,
  minesPayout,
  PAIR_PLUS_PAYS_X100,
  type PlinkoRisk,
  plinkoPayout,
  type Recomputed,
  recompute,
  rouletteReturns,
  type SeedPair,
  teenPattiAnte_x10000,
  teenPattiStrength,
  type WheelRisk,
  wheelPayout,
} from '@casino/games';

/** A settled bet of a seeded original as stored, with its revealed seed pair. */
export type RecordedBet = {
  game: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  stake_minor: bigint;
  payout_minor: bigint;
  seeds: SeedPair;
};

type Chip = { spot: string; amount_minor: string };
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
/** A chip's return per unit, in hundredths, applied toward zero like the tables do. */
const chipReturns = (chips: readonly Chip[], x100: (spot: string) => number) =>
  sum(chips.map((c) => (BigInt(c.amount_minor) * BigInt(x100(c.spot) * 100)) / 10_000n));
const capped = (payout: bigint, cap: unknown) =>
  cap === undefined || payout <= BigInt(cap as string) ? payout : BigInt(cap as string);

/**
 * What the public verifier (`recompute` of packages/games, the /provably-fair page's) makes of
 * a recorded bet: the draw from its seeds — with the player's recorded moves replayed for the
 * games of several steps — the same draw as stored (`drawn` / `stored`), and the payout the
 * published rules give for it and the bet's chips, picks or moves, never read from the record.
 */
export async function verifyRecorded(bet: RecordedBet): Promise<{
  recomputed: Recomputed;
  drawn: unknown;
  stored: unknown;
  payout: bigint;
}> {
  const p = bet.params;
  const o = bet.outcome;
  const stake = bet.stake_minor;
  const edge = p.edge_bp as number;
  const seeds = bet.seeds;
  switch (bet.game) {
    case 'dice': {
      const r = await recompute(seeds, { game: 'dice' });
      if (r.game !== 'dice') break;
      const [target, direction] = [p.target as number, p.direction as DiceDirection];
      const payout = diceWins(r.roll, target, direction)
        ? dicePayout(stake, target, direction, edge)
        : 0n;
      return { recomputed: r, drawn: r.roll, stored: o.roll, payout };
    }
    case 'limbo': {
      const r = await recompute(seeds, { game: 'limbo', edge_bp: edge });
      if (r.game !== 'limbo') break;
      const target = p.target as number;
      const payout = limboWins(r.result, target) ? limboPayout(stake, target) : 0n;
      return { recomputed: r, drawn: r.result, stored: o.result, payout };
    }
    case 'plinko': {
      const [rows, risk] = [p.rows as number, p.risk as PlinkoRisk];
      const r = await recompute(seeds, { game: 'plinko', rows, risk });
      if (r.game !== 'plinko') break;
      return {
        recomputed: r,
        drawn: [r.path, r.bucket],
        stored: [o.path, o.bucket],
        payout: plinkoPayout(stake, rows, risk, r.bucket, edge),
      };
    }
    case 'mines': {
      const mines = p.mines as number;
      const r = await recompute(seeds, { game: 'mines', mines });
      if (r.game !== 'mines') break;
      // The player's tiles in the order revealed: the round ends on the first mine.
      const revealed = o.revealed as number[];
      const busted = revealed.some((tile) => r.mines.includes(tile));
      const gems = revealed.length - (busted ? 1 : 0);
      const payout = busted
        ? 0n
        : capped(minesPayout(stake, mines, gems, edge), o.max_payout_minor);
      if (gems > MINES_TILES - mines) throw new Error('more gems than safe tiles');
      return { recomputed: r, drawn: r.mines, stored: o.positions, payout };
    }
    case 'keno': {
      const r = await recompute(seeds, { game: 'keno' });
      if (r.game !== 'keno') break;
      const picks = p.picks as number[];
      const hits = picks.filter((n) => r.drawn.includes(n)).length;
      return {
        recomputed: r,
        drawn: r.drawn,
        stored: o.drawn,
        payout: kenoPayout(stake, picks.length, p.risk as KenoRisk, hits, edge),
      };
    }
    case 'wheel': {
      const segments = p.segments as number;
      const r = await recompute(seeds, { game: 'wheel', segments });
      if (r.game !== 'wheel') break;
      return {
        recomputed: r,
        drawn: r.segment,
        stored: o.segment,
        payout: wheelPayout(stake, segments, p.risk as WheelRisk, r.segment, edge),
      };
    }
    case 'roulette': {
      const r = await recompute(seeds, { game: 'roulette' });
      if (r.game !== 'roulette') break;
      const chips = (p.chips as { covers: number[]; amount_minor: string }[]).map((c) => ({
        covers: c.covers,
        amount_minor: BigInt(c.amount_minor),
      }));
      return {
        recomputed: r,
        drawn: r.pocket,
        stored: o.pocket,
        payout: sum(rouletteReturns(chips, r.pocket)),
      };
    }
    case 'baccarat': {
      const r = await recompute(seeds, { game: 'baccarat' });
      if (r.game !== 'baccarat') break;
      const pair = (cards: number[]) => cardOf(cards[0]!).rank === cardOf(cards[1]!).rank;
      const coup = {
        winner: r.winner as never,
        player_pair: pair(r.player),
        banker_pair: pair(r.banker),
      };
      return {
        recomputed: r,
        drawn: [r.player, r.banker, r.winner],
        stored: [o.player, o.banker, o.winner],
        payout: chipReturns(p.chips as Chip[], (spot) =>
          baccaratReturn_x100(coup, spot as BaccaratBet),
        ),
      };
    }
    case 'dragon-tiger': {
      const r = await recompute(seeds, { game: 'dragon-tiger' });
      if (r.game !== 'dragon-tiger') break;
      return {
        recomputed: r,
        drawn: [r.dragon, r.tiger, r.winner],
        stored: [o.dragon, o.tiger, o.winner],
        payout: chipReturns(p.chips as Chip[], (spot) =>
          dragonTigerReturn_x100(r.winner as never, spot as DragonTigerBet),
        ),
      };
    }
    case 'teen-patti': {
      const r = await recompute(seeds, { game: 'teen-patti' });
      if (r.game !== 'teen-patti') break;
      const hand = teenPattiStrength(r.player.map(cardOf)).hand;
      const chips = p.chips as Chip[];
      // The Ante's return is in ten-thousandths (the operator's edge sets it), Pair Plus's in hundredths.
      const payout = sum(
        chips.map((c) =>
          c.spot === 'ante'
            ? (BigInt(c.amount_minor) * BigInt(teenPattiAnte_x10000(r.winner as never, edge))) /
              10_000n
            : (BigInt(c.amount_minor) * BigInt(PAIR_PLUS_PAYS_X100[hand] * 100)) / 10_000n,
        ),
      );
      return {
        recomputed: r,
        drawn: [r.player, r.dealer, r.winner],
        stored: [o.player, o.dealer, o.winner],
        payout,
      };
    }
    case 'andar-bahar': {
      const r = await recompute(seeds, { game: 'andar-bahar' });
      if (r.game !== 'andar-bahar') break;
      const range = andarBaharRangeOf(r.andar.length + r.bahar.length);
      return {
        recomputed: r,
        drawn: [r.joker, r.andar, r.bahar, r.winner],
        stored: [o.joker, o.andar, o.bahar, o.winner],
        payout: chipReturns(p.chips as Chip[], (spot) => {
          if (spot === 'andar' || spot === 'bahar')
            return spot === r.winner ? ANDAR_BAHAR_PAYS_X100[spot] : 0;
          return spot === range ? ANDAR_BAHAR_RANGES.find((x) => x.id === range)!.pays_x100 : 0;
        }),
      };
    }
    case 'hilo': {
      const round = o.round as { steps: { guess: HiloGuess }[]; cards: number[] };
      const r = await recompute(seeds, {
        game: 'hilo',
        guesses: round.steps.map((s) => s.guess),
      });
      if (r.game !== 'hilo') break;
      // A miss pays nothing; a cash-out (or the last card) pays the run, capped like Mines.
      const payout = r.round.lost
        ? 0n
        : capped(hiloPayout(stake, r.round.ks, edge), o.max_payout_minor);
      return { recomputed: r, drawn: r.round.cards, stored: round.cards, payout };
    }
    case 'blackjack': {
      const state = o.state as {
        actions: BlackjackAction[];
        hands: { cards: number[] }[];
        dealer: number[];
      };
      const r = await recompute(seeds, { game: 'blackjack', actions: state.actions });
      if (r.game !== 'blackjack') break;
      return {
        recomputed: r,
        drawn: [r.round.hands.map((h) => h.cards), r.round.dealer],
        stored: [state.hands.map((h) => h.cards), state.dealer],
        payout: blackjackPayout(r.round, BigInt(p.base_minor as string)),
      };
    }
  }
  throw new Error(`no verifier for ${bet.game}`);
}
