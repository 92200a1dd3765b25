import pg from 'pg';
import { AUTH_LIMITS_DEFAULT, type AuthLimits } from '../apps/server/src/modules/auth/index.ts';
import type { SportsbookService } from '../apps/server/src/modules/sportsbook/index.ts';
import type { Leg } from './bets.protocol.ts';

/** The bench signs every player up from 127.0.0.1: the sign-up and login limits would trip. */
export const RELAXED_LIMITS_FOR_BENCH: AuthLimits = Object.fromEntries(
  Object.entries(AUTH_LIMITS_DEFAULT).map(([key, value]) => [
    key,
    'limit' in value ? { ...value, limit: 1_000_000 } : { ...value, free_failures: 1_000_000 },
  ]),
) as AuthLimits;

/**
 * Database round trips while `place` runs `bets` times, one bet at a time: every query any
 * pooled client sends is counted (a ledger batch is one, whatever it holds), and so is
 * whatever else the app does meanwhile (the outbox delivering the bets' events). Returns the
 * count per bet and the statements by frequency per bet.
 */
export async function countRoundTrips(
  place: () => Promise<void>,
  bets: number,
): Promise<{ per_bet: number; statements: [string, number][] }> {
  const counted: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    counted.push((text ?? '?').replace(/\s+/g, ' ').slice(0, 90));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    for (let i = 0; i < bets; i += 1) await place();
  } finally {
    pg.Client.prototype.query = original;
  }
  const byText = new Map<string, number>();
  for (const text of counted) byText.set(text, (byText.get(text) ?? 0) + 1);
  return {
    per_bet: counted.length / bets,
    statements: [...byText]
      .sort((a, b) => b[1] - a[1])
      .map(([text, count]): [string, number] => [text, count / bets]),
  };
}

/** Five pre-match events with a match-winner market each; a multiple backs every home win. */
export async function benchEvents(sb: SportsbookService): Promise<Leg[]> {
  const legs: Leg[] = [];
  for (let e = 0; e < 5; e++) {
    const id = `bench:${e}`;
    await sb.ingest({
      kind: 'fixture_change',
      id: `bf${e}`,
      fixture: {
        id,
        sport: { id: 'football', name: 'Football' },
        competition: { id: 'bench', name: 'Bench League', country: 'Bench' },
        home: `Home ${e}`,
        away: `Away ${e}`,
        starts_at: new Date(Date.now() + 86_400_000),
        status: 'not_started',
      },
    });
    await sb.ingest({
      kind: 'odds_change',
      id: `bo${e}`,
      event_id: id,
      markets: [
        {
          key: 'match_winner',
          type: 'match_winner',
          line_milli: null,
          name: 'Match result',
          status: 'open',
          selections: [
            { key: 'home', name: 'Home', odds_milli: 2_000, active: true },
            { key: 'draw', name: 'Draw', odds_milli: 3_400, active: true },
            { key: 'away', name: 'Away', odds_milli: 3_750, active: true },
          ],
        },
      ],
    });
    const detail = await sb.event(id);
    const selection = detail.markets[0]!.selections[0]!;
    legs.push({ selection_id: String(selection.id), odds: selection.odds! });
  }
  return legs;
}
