import {
  isValidKenoPicks,
  isValidKenoRisk,
  KENO_DRAWN,
  kenoFromFloats,
  kenoTable,
} from '@casino/games';
import { AppError } from '../../platform/http/errors.ts';
import type { Plan } from './originals.plan.ts';
import type { BetRow } from './originals.repository.ts';

export type KenoInput = { picks: number[]; risk: string };

/** Ten-thousandths as the multiplier's text ("3.9600"). */
export const x10000Text = (n: number) =>
  `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;

function invalid(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

/**
 * Keno: the player's 1–10 squares against the 10 drawn from the bet's first 10 floats (Stake's
 * shuffle of 1–40); the multiplier is the risk's table for the picks at the bet's edge.
 */
export function kenoPlan(input: KenoInput) {
  return (stake: bigint, edge_bp: number): Plan => {
    if (!isValidKenoPicks(input.picks)) {
      invalid('picks: 1 to 10 different numbers from 1 to 40', 'picks');
    }
    if (!isValidKenoRisk(input.risk)) invalid('risk: classic, low, medium or high', 'risk');
    const picks = [...input.picks].sort((a, b) => a - b);
    const risk = input.risk;
    const table = kenoTable(picks.length, risk, edge_bp);
    return {
      bestPayout: (stake * BigInt(Math.max(...table))) / 10_000n,
      floats: KENO_DRAWN,
      params: { picks, risk },
      resolve: (fs) => {
        const drawn = kenoFromFloats(fs);
        const hits = picks.filter((n) => drawn.includes(n));
        const m = table[hits.length]!;
        return {
          payout: (stake * BigInt(m)) / 10_000n,
          multiplier: x10000Text(m),
          outcome: { drawn, hits, won: m >= 10_000 },
        };
      },
    };
  };
}

/** The bet's `details`: the picks, the risk, the draw in order and the squares that hit. */
export function kenoDetails(bet: BetRow) {
  const params = bet.params as { picks: number[]; risk: string };
  const outcome = bet.outcome as { drawn: number[]; hits: number[] };
  return { picks: params.picks, risk: params.risk, drawn: outcome.drawn, hits: outcome.hits };
}
