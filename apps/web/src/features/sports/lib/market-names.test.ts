import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import bn from '../../../i18n/locales/bn.json';
import en from '../../../i18n/locales/en.json';
import zhTW from '../../../i18n/locales/zh-TW.json';
import { marketName, type NamedLeg, namedLeg, scoreText, selectionName } from './market-names.ts';

const teams = { home: 'Mumbai Strikers', away: 'Delhi Riders' };
const leg = (
  market: { key: string; type: string; line: string | null; name: string },
  selection: { key: string; name: string } = { key: '', name: '' },
): NamedLeg => namedLeg(market, selection, teams);

let t: { en: TFunction; bn: TFunction; zh: TFunction };
beforeAll(async () => {
  const make = async (lng: string, translation: object) => {
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation } },
      interpolation: { escapeValue: false },
    });
    return i18n.t;
  };
  t = { en: await make('en', en), bn: await make('bn', bn), zh: await make('zh-TW', zhTW) };
});

/** Every market type the sportsbook's feeds send (feed.types.ts MARKET_TYPES), as they name it. */
const MARKETS = [
  {
    market: { key: 'match_winner', type: 'match_winner', line: null, name: 'Match winner' },
    en: 'Match winner',
    bn: 'ম্যাচ বিজয়ী',
  },
  {
    market: { key: 'match_winner', type: 'match_winner', line: null, name: 'Match result' },
    en: 'Match result',
    bn: 'ম্যাচের ফলাফল',
  },
  {
    market: { key: 'set_winner:2', type: 'match_winner', line: null, name: 'Set 2 winner' },
    en: 'Set 2 winner',
    bn: 'সেট 2 বিজয়ী',
  },
  {
    market: { key: 'totals:2500', type: 'totals', line: '2.5', name: 'Total goals 2.5' },
    en: 'Total goals 2.5',
    bn: 'মোট গোল 2.5',
  },
  {
    market: { key: 'totals:210500', type: 'totals', line: '210.5', name: 'Total 210.5' },
    en: 'Total 210.5',
    bn: 'মোট 210.5',
  },
  {
    market: { key: 'handicap:-250', type: 'handicap', line: '-0.25', name: 'Asian handicap −0.25' },
    en: 'Asian handicap −0.25',
    bn: 'এশিয়ান হ্যান্ডিক্যাপ −0.25',
  },
  {
    market: { key: 'handicap:1500', type: 'handicap', line: '1.5', name: 'Handicap +1.5' },
    en: 'Handicap +1.5',
    bn: 'হ্যান্ডিক্যাপ +1.5',
  },
  {
    market: { key: 'btts', type: 'btts', line: null, name: 'Both teams to score' },
    en: 'Both teams to score',
    bn: 'দুই দলই গোল করবে',
  },
  {
    market: {
      key: 'top_batsman:1',
      type: 'top_batsman',
      line: null,
      name: 'Top batsman · Delhi Riders',
    },
    en: 'Top batsman · Delhi Riders',
    bn: 'সেরা ব্যাটসম্যান · Delhi Riders',
  },
  {
    market: {
      key: 'innings_runs:1',
      type: 'innings_runs',
      line: '165.5',
      name: 'Mumbai Strikers innings runs',
    },
    en: 'Mumbai Strikers innings runs',
    bn: 'Mumbai Strikers-এর ইনিংসের রান',
  },
  {
    market: {
      key: 'next_over_runs:2:14',
      type: 'next_over_runs',
      line: '7.5',
      name: 'Runs in over 14 · Delhi Riders',
    },
    en: 'Runs in over 14 · Delhi Riders',
    bn: 'ওভার 14-এ রান · Delhi Riders',
  },
];

describe('market names from translated templates', () => {
  it('covers every market type of the feeds', async () => {
    const { MARKET_TYPES } = await import(
      '../../../../../server/src/modules/sportsbook/feed/feed.types.ts'
    );
    expect(new Set(MARKETS.map((m) => m.market.type))).toEqual(new Set(MARKET_TYPES));
  });

  for (const { market, en: english, bn: bengali } of MARKETS) {
    it(`${market.key}: the feed's English rebuilt, and Bengali`, () => {
      expect(marketName(t.en, leg(market))).toBe(english);
      expect(marketName(t.bn, leg(market))).toBe(bengali);
    });
  }

  it('names Traditional Chinese markets with the team as given', () => {
    expect(marketName(t.zh, leg(MARKETS[1]!.market))).toBe('全場賽果');
    expect(marketName(t.zh, leg(MARKETS[9]!.market))).toBe('Mumbai Strikers 本局得分');
  });

  it("keeps the feed's name when no template fits", () => {
    const unknown = { key: 'corners:9500', type: 'corners', line: '9.5', name: 'Corners 9.5' };
    expect(marketName(t.bn, leg(unknown))).toBe('Corners 9.5');
    // An innings market naming neither side (a feed's own wording) stays as given.
    const odd = {
      key: 'innings_runs:1',
      type: 'innings_runs',
      line: '150.5',
      name: 'First innings',
    };
    expect(marketName(t.bn, leg(odd))).toBe('First innings');
    // A bet placed before the app carried keys (a slip kept in the browser) has names only.
    expect(marketName(t.bn, { market_name: 'Match winner', selection_name: 'X' })).toBe(
      'Match winner',
    );
  });

  it('picks the longer team when one name holds the other', () => {
    const market = {
      key: 'top_batsman:2',
      type: 'top_batsman',
      line: null,
      name: 'Top batsman · India A',
    };
    const named = namedLeg(
      market,
      { key: 'b0', name: 'R. Sharma' },
      { home: 'India', away: 'India A' },
    );
    expect(marketName(t.en, named)).toBe('Top batsman · India A');
  });
});

describe('selection names', () => {
  const winner = MARKETS[1]!.market;
  const innings = MARKETS[9]!.market;
  const btts = MARKETS[7]!.market;
  it('translates Draw, Over/Under with the line, Yes/No', () => {
    expect(selectionName(t.bn, leg(winner, { key: 'draw', name: 'Draw' }))).toBe('ড্র');
    expect(selectionName(t.zh, leg(winner, { key: 'draw', name: 'Draw' }))).toBe('和局');
    expect(selectionName(t.bn, leg(innings, { key: 'over', name: 'Over 165.5' }))).toBe(
      '165.5-এর বেশি',
    );
    expect(selectionName(t.zh, leg(innings, { key: 'under', name: 'Under 165.5' }))).toBe(
      '小於 165.5',
    );
    expect(selectionName(t.en, leg(innings, { key: 'under', name: 'Under 165.5' }))).toBe(
      'Under 165.5',
    );
    expect(selectionName(t.bn, leg(btts, { key: 'yes', name: 'Yes' }))).toBe('হ্যাঁ');
    expect(selectionName(t.zh, leg(btts, { key: 'no', name: 'No' }))).toBe('否');
  });

  it('keeps teams, handicap sides and players as given', () => {
    expect(selectionName(t.bn, leg(winner, { key: 'home', name: 'Mumbai Strikers' }))).toBe(
      'Mumbai Strikers',
    );
    const handicap = MARKETS[5]!.market;
    expect(selectionName(t.bn, leg(handicap, { key: 'away', name: 'Delhi Riders +0.25' }))).toBe(
      'Delhi Riders +0.25',
    );
    expect(selectionName(t.bn, leg(MARKETS[8]!.market, { key: 'b3', name: 'V. Kohli' }))).toBe(
      'V. Kohli',
    );
  });
});

describe('score lines', () => {
  it('translates overs, the target, the set and full time', () => {
    expect(scoreText(t.bn, '12.3 ov · target 151')).toBe('12.3 ওভার · লক্ষ্য 151');
    expect(scoreText(t.zh, '12.3 ov')).toBe('12.3 輪');
    expect(scoreText(t.en, '12.3 ov · target 151')).toBe('12.3 ov · target 151');
    expect(scoreText(t.zh, 'FT')).toBe('完場');
    expect(scoreText(t.bn, 'Set 2')).toBe('সেট 2');
    expect(scoreText(t.bn, "67'")).toBe("67'");
    expect(scoreText(t.bn, '6-4 3-2 · 30-15')).toBe('6-4 3-2 · 30-15');
  });
});
