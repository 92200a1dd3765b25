import type { TFunction } from 'i18next';

/**
 * Market and selection names in the player's language (decision 0980). The feed names markets
 * in English; the app rebuilds each name from a translated template keyed by the market's type,
 * with the market's key and line as parameters. Team and player names stay as the feed gives
 * them. A market or selection that no template fits keeps the feed's name, so a new market type
 * shows in English rather than not at all.
 */
export type NamedLeg = {
  market_name: string;
  selection_name: string;
  market_key?: string;
  market_type?: string;
  market_line?: string | null;
  selection_key?: string;
  home?: string;
  away?: string;
};

type MarketLike = { key: string; type: string; line: string | null; name: string };

/** The template inputs of one selection of a market, as a slip item or bet leg carries them. */
export function namedLeg(
  market: MarketLike,
  selection: { key: string; name: string },
  teams: { home: string; away: string },
): NamedLeg {
  return {
    market_name: market.name,
    selection_name: selection.name,
    market_key: market.key,
    market_type: market.type,
    market_line: market.line,
    selection_key: selection.key,
    home: teams.home,
    away: teams.away,
  };
}

/** A line as the feed writes it ("-0.25"), signed with a true minus for handicaps. */
function signed(line: string): string {
  const n = Number(line);
  if (!Number.isFinite(n) || n === 0) return line.replace(/^-/, '');
  return n > 0 ? `+${line}` : `−${line.slice(1)}`;
}

/** The team the feed put in the market's name (innings markets name the batting side). */
function teamIn(leg: NamedLeg): string | null {
  const teams = [leg.home, leg.away]
    .filter((x): x is string => Boolean(x))
    .sort((a, b) => b.length - a.length);
  return teams.find((team) => leg.market_name.includes(team)) ?? null;
}

export function marketName(t: TFunction, leg: NamedLeg): string {
  const key = leg.market_key ?? '';
  const line = leg.market_line ?? null;
  const parts = key.split(':');
  switch (leg.market_type) {
    case 'match_winner':
      if (parts[0] === 'set_winner' && parts[1]) return t('marketNames.setWinner', { n: parts[1] });
      if (parts[0] !== 'match_winner') break;
      return /result/i.test(leg.market_name)
        ? t('marketNames.matchResult')
        : t('marketNames.matchWinner');
    case 'totals':
      if (line === null) break;
      return /goals/i.test(leg.market_name)
        ? t('marketNames.totalGoals', { line })
        : t('marketNames.total', { line });
    case 'handicap':
      if (line === null) break;
      return /^asian/i.test(leg.market_name)
        ? t('marketNames.asianHandicap', { line: signed(line) })
        : t('marketNames.handicap', { line: signed(line) });
    case 'btts':
      return t('marketNames.btts');
    case 'top_batsman':
    case 'innings_runs':
    case 'next_over_runs': {
      const team = teamIn(leg);
      if (!team) break;
      if (leg.market_type === 'top_batsman') return t('marketNames.topBatsman', { team });
      if (leg.market_type === 'innings_runs') return t('marketNames.inningsRuns', { team });
      if (parts[2]) return t('marketNames.nextOverRuns', { over: parts[2], team });
      break;
    }
  }
  return leg.market_name;
}

/** Generic selections (Draw, Over/Under, Yes/No) translated; teams and players as given. */
export function selectionName(t: TFunction, leg: NamedLeg): string {
  const line = leg.market_line ?? null;
  switch (leg.selection_key) {
    case 'draw':
      return leg.market_type === 'match_winner'
        ? t('marketNames.selection.draw')
        : leg.selection_name;
    case 'over':
    case 'under':
      return line === null
        ? leg.selection_name
        : t(`marketNames.selection.${leg.selection_key}`, { line });
    case 'yes':
    case 'no':
      return leg.market_type === 'btts'
        ? t(`marketNames.selection.${leg.selection_key}`)
        : leg.selection_name;
    default:
      return leg.selection_name;
  }
}

/**
 * The feed's free-text score line and clock for cricket and tennis ("12.3 ov · target 151",
 * "Set 2", "FT") in the player's language; anything else as given.
 */
export function scoreText(t: TFunction, text: string): string {
  const overs = /^(\d+\.\d) ov(?: · target (\d+))?$/.exec(text);
  if (overs)
    return overs[2]
      ? t('marketNames.score.oversTarget', { overs: overs[1], target: overs[2] })
      : t('marketNames.score.overs', { overs: overs[1] });
  const set = /^Set (\d+)$/.exec(text);
  if (set) return t('sbTracker.set', { n: set[1] });
  if (text === 'FT') return t('marketNames.score.fullTime');
  return text;
}
