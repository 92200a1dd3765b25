import { describe, expect, it } from 'vitest';
import {
  BUILDER_SAMPLES,
  type BuilderMarket,
  builderJoint,
  builderOdds,
  fairProbabilities,
  normalQuantile,
} from './sportsbook.builder.ts';
import { betFullyVoid, betPayout, priceMilli } from './sportsbook.math.ts';

const M = 0.06;
const two = (
  id: string,
  key: string,
  type: string,
  p: number,
  keys: [string, string],
  line: number | null = null,
): BuilderMarket => ({
  id,
  key,
  type,
  line_milli: line,
  name: key,
  selections: [
    {
      id: `${id}a`,
      key: keys[0],
      name: `${key} ${keys[0]}`,
      odds_milli: priceMilli(p, M),
      active: true,
    },
    {
      id: `${id}b`,
      key: keys[1],
      name: `${key} ${keys[1]}`,
      odds_milli: priceMilli(1 - p, M),
      active: true,
    },
  ],
});

/** A T20 in its first innings: home favoured, its innings line, top batsman, next over. */
const cricket: BuilderMarket[] = [
  two('1', 'match_winner', 'match_winner', 0.6, ['home', 'away']),
  two('2', 'innings_runs:1', 'innings_runs', 0.5, ['over', 'under'], 160_500),
  {
    id: '3',
    key: 'top_batsman:1',
    type: 'top_batsman',
    line_milli: null,
    name: 'Top batsman',
    selections: [0.3, 0.25, 0.15, 0.1].map((p, i) => ({
      id: `3${i}`,
      key: `b${i}`,
      name: `Batter ${i}`,
      odds_milli: priceMilli(p, M),
      active: true,
    })),
  },
  two('4', 'next_over_runs:1:5', 'next_over_runs', 0.45, ['over', 'under'], 7_500),
  two('5', 'handicap:-250', 'handicap', 0.5, ['home', 'away'], -250),
];
const cricketState = { sport_id: 'cricket', score: { home: '40/1', away: '' } };

const football: BuilderMarket[] = [
  {
    id: '1',
    key: 'match_winner',
    type: 'match_winner',
    line_milli: null,
    name: 'Match result',
    selections: [
      { id: 'h', key: 'home', name: 'Home', odds_milli: priceMilli(0.5, M), active: true },
      { id: 'd', key: 'draw', name: 'Draw', odds_milli: priceMilli(0.25, M), active: true },
      { id: 'a', key: 'away', name: 'Away', odds_milli: priceMilli(0.25, M), active: true },
    ],
  },
  two('2', 'totals:2500', 'totals', 0.52, ['over', 'under'], 2_500),
  two('3', 'btts', 'btts', 0.5, ['yes', 'no']),
];
const footballState = { sport_id: 'football', score: { home: '0', away: '0' } };

describe('bet builder: joint pricing', () => {
  it('prices correlated cricket picks from the joint model, not the product', () => {
    const joint = builderJoint(cricketState, cricket, ['1a', '2a']);
    if (!joint.ok) throw new Error(joint.message);
    // Home batting first scoring over its line makes it likelier to win: joint > product.
    expect(joint.probability).toBeGreaterThan(joint.product * 1.15);
    const against = builderJoint(cricketState, cricket, ['1b', '2a']);
    if (!against.ok) throw new Error(against.message);
    expect(against.probability).toBeLessThan(against.product * 0.85);
    // Each marginal is the book's fair probability.
    const fair = fairProbabilities(cricket[0]!).get('1a')!;
    expect(Math.abs(joint.probability + against.probability - 0.5)).toBeLessThan(0.02);
    expect(fair).toBeCloseTo(0.6, 2);
  });

  it('is reproducible: the same picks at the same prices draw the same matches', () => {
    const a = builderJoint(cricketState, cricket, ['1a', '2a', '30']);
    const b = builderJoint(cricketState, cricket, ['30', '1a', '2a']);
    expect(a).toEqual(b);
    expect(a.ok && a.samples).toBe(BUILDER_SAMPLES);
  });

  it('carries at least the legs’ margins or the operator’s, rounded down', () => {
    const joint = builderJoint(cricketState, cricket, ['1a', '2a', '4a']);
    if (!joint.ok) throw new Error(joint.message);
    const low = builderOdds(joint.probability, joint.legs_margin, 500);
    expect(low.margin).toBeCloseTo(joint.legs_margin, 9);
    expect((low.odds_milli / 1000) * joint.probability).toBeLessThanOrEqual(
      1 / (1 + low.margin) + 1e-9,
    );
    const high = builderOdds(joint.probability, joint.legs_margin, 3000);
    expect(high.margin).toBe(0.3);
    expect(high.odds_milli).toBeLessThan(low.odds_milli);
    expect(high.odds_milli % 10).toBe(0);
  });

  it('refuses picks that cannot combine, each with its reason', () => {
    expect(builderJoint(cricketState, cricket, ['1a', '1b'])).toMatchObject({
      ok: false,
      code: 'BUILDER_SAME_MARKET',
    });
    expect(builderJoint(cricketState, cricket, ['30', '31'])).toMatchObject({
      code: 'BUILDER_SAME_MARKET',
    });
    expect(builderJoint(cricketState, cricket, ['1a', '5a'])).toMatchObject({
      code: 'BUILDER_MARKET_NOT_SUPPORTED',
    });
    expect(
      builderJoint({ ...cricketState, sport_id: 'tennis' }, cricket, ['1a', '2a']),
    ).toMatchObject({
      code: 'BUILDER_NOT_OFFERED',
    });
  });

  it('refuses a set with a joint probability of zero in the simulation', () => {
    // Two winners in different guises: home to win and "away" as the over-26 chase... same latent.
    const twoWinners: BuilderMarket[] = [
      two('1', 'match_winner', 'match_winner', 0.6, ['home', 'away']),
      { ...two('9', 'match_winner:copy', 'match_winner', 0.6, ['home', 'away']) },
    ];
    expect(builderJoint(cricketState, twoWinners, ['1a', '9b'])).toMatchObject({
      ok: false,
      code: 'BUILDER_INCOMPATIBLE',
    });
  });

  it('football: exact joint over final scores; impossible sets refused', () => {
    const joint = builderJoint(footballState, football, ['h', '2a']);
    if (!joint.ok) throw new Error(joint.message);
    expect(joint.samples).toBeNull();
    expect(joint.probability).not.toBeCloseTo(joint.product, 2);
    // A draw and both teams not scoring: only 0-0; a draw with over 2.5: 2-2 and up.
    const drawNo = builderJoint(footballState, football, ['d', '3b']);
    const drawYes = builderJoint(footballState, football, ['d', '3a']);
    if (!drawNo.ok || !drawYes.ok) throw new Error('refused');
    expect(drawNo.probability + drawYes.probability).toBeCloseTo(0.25, 1);
    // Already 1-1: the draw and "no" for both teams to score cannot both happen.
    expect(
      builderJoint({ sport_id: 'football', score: { home: '1', away: '1' } }, football, [
        'd',
        '3b',
      ]),
    ).toMatchObject({ ok: false, code: 'BUILDER_INCOMPATIBLE' });
  });

  it('prices four cricket picks quickly enough to quote on every change', () => {
    const started = performance.now();
    for (let i = 0; i < 10; i++) builderJoint(cricketState, cricket, ['1a', '2a', '30', '4a']);
    const each = (performance.now() - started) / 10;
    console.info(`bet builder: ${BUILDER_SAMPLES} simulated matches in ${each.toFixed(1)} ms`);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
  });
});

describe('bet builder: settlement arithmetic', () => {
  const shape = {
    kind: 'builder' as const,
    system_size: null,
    line_stake_minor: 1000n,
    builder_odds_milli: 7_400,
  };
  it('pays the joint price when every leg wins, with dead-heat factors', () => {
    expect(
      betPayout(shape, [
        { odds_milli: 2000, result: 'won' },
        { odds_milli: 3000, result: 'won' },
      ]),
    ).toBe(7400n);
    expect(
      betPayout(shape, [
        { odds_milli: 2000, result: 'won' },
        { odds_milli: 3000, result: 'won', dead_heat_num: 1, dead_heat_den: 2 },
      ]),
    ).toBe(3700n);
  });
  it('a lost leg loses it at once; a void leg voids it whole; open waits', () => {
    expect(
      betPayout(shape, [
        { odds_milli: 2000, result: 'lost' },
        { odds_milli: 3000, result: 'open' },
      ]),
    ).toBe(0n);
    expect(
      betPayout(shape, [
        { odds_milli: 2000, result: 'won' },
        { odds_milli: 3000, result: 'open' },
      ]),
    ).toBeNull();
    const voided = [
      { odds_milli: 2000, result: 'won' as const },
      { odds_milli: 3000, result: 'void' as const },
    ];
    expect(betPayout(shape, voided)).toBe(1000n);
    expect(betFullyVoid(voided, shape)).toBe(true);
    expect(betFullyVoid(voided)).toBe(false);
    expect(
      betFullyVoid(
        [
          { odds_milli: 2000, result: 'lost' },
          { odds_milli: 3000, result: 'void' },
        ],
        shape,
      ),
    ).toBe(false);
  });
});
