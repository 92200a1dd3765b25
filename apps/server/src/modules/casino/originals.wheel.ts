import { isValidWheel, wheelSegmentFromFloat, wheelTable } from '@casino/games';
import { AppError } from '../../platform/http/errors.ts';
import { x10000Text } from './originals.keno.ts';
import type { Plan } from './originals.plan.ts';
import type { BetRow } from './originals.repository.ts';

export type WheelInput = { segments: number; risk: string };

/** Wheel: segment = floor(f × segments); its multiplier from the (segments, risk) table. */
export function wheelPlan(input: WheelInput) {
  return (stake: bigint, edge_bp: number): Plan => {
    const { segments, risk } = input;
    if (!isValidWheel(segments, risk)) {
      const message = 'segments: 10, 20, 30, 40 or 50; risk: low, medium or high';
      throw new AppError('VALIDATION_FAILED', message, {
        errors: [{ path: 'segments', message }],
      });
    }
    const table = wheelTable(segments, risk, edge_bp);
    return {
      bestPayout: (stake * BigInt(Math.max(...table))) / 10_000n,
      floats: 1,
      params: { segments, risk },
      resolve: ([f]) => {
        const segment = wheelSegmentFromFloat(f!, segments);
        const m = table[segment]!;
        return {
          payout: (stake * BigInt(m)) / 10_000n,
          multiplier: x10000Text(m),
          outcome: { segment, won: m >= 10_000 },
        };
      },
    };
  };
}

export function wheelDetails(bet: BetRow) {
  const params = bet.params as { segments: number; risk: string };
  const outcome = bet.outcome as { segment: number };
  return { segments: params.segments, risk: params.risk, segment: outcome.segment };
}
