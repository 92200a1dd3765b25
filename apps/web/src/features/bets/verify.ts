import { crashPoint, type PlinkoRisk, recompute, sha256Hex } from '@casino/games';
import type { BetDetail } from './api/bets.ts';

/** What a check found: the recorded result beside the one recomputed from the seeds. */
export type Verification = {
  /** SHA-256 of the revealed seed equals the hash shown before the bet. */
  hashMatches: boolean;
  recorded: string;
  recomputed: string;
  ok: boolean;
};

/** A game's recomputation from a revealed seed pair, as text comparable to the record. */
export type SeedVerifier = (
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  bet: BetDetail,
) => Promise<{ recorded: string; recomputed: string }>;

const x100 = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const detail = (bet: BetDetail, key: string) => bet.details[key];

/**
 * Verifiers per original, keyed by game: a new original registers its own
 * (`registerSeedVerifier`); a game without one links to the /provably-fair page.
 */
const verifiers = new Map<string, SeedVerifier>([
  [
    'dice',
    async (seeds, bet) => {
      const r = await recompute(seeds, { game: 'dice' });
      return {
        recorded: String(detail(bet, 'roll')),
        recomputed: r.game === 'dice' ? x100(r.roll) : '',
      };
    },
  ],
  [
    'limbo',
    async (seeds, bet) => {
      const edge_bp = bet.fairness?.edge_bp ?? 100;
      const r = await recompute(seeds, { game: 'limbo', edge_bp });
      return {
        recorded: `${String(detail(bet, 'result'))}×`,
        recomputed: r.game === 'limbo' ? `${x100(r.result)}×` : '',
      };
    },
  ],
  [
    'mines',
    async (seeds, bet) => {
      const mines = Number(detail(bet, 'mines'));
      const r = await recompute(seeds, { game: 'mines', mines });
      const recorded = (detail(bet, 'mine_positions') as number[] | null) ?? [];
      return {
        recorded: [...recorded].sort((a, b) => a - b).join(', '),
        recomputed: r.game === 'mines' ? [...r.mines].sort((a, b) => a - b).join(', ') : '',
      };
    },
  ],
  [
    'plinko',
    async (seeds, bet) => {
      const rows = Number(detail(bet, 'rows'));
      const risk = detail(bet, 'risk') as PlinkoRisk;
      const r = await recompute(seeds, { game: 'plinko', rows, risk });
      return {
        recorded: `${(detail(bet, 'path') as number[]).join('')} → ${String(detail(bet, 'bucket'))}`,
        recomputed: r.game === 'plinko' ? `${r.path.join('')} → ${r.bucket}` : '',
      };
    },
  ],
  [
    'keno',
    async (seeds, bet) => {
      const r = await recompute(seeds, { game: 'keno' });
      const sorted = (list: number[]) => [...list].sort((a, b) => a - b).join(', ');
      return {
        recorded: sorted((detail(bet, 'drawn') as number[] | undefined) ?? []),
        recomputed: r.game === 'keno' ? sorted(r.drawn) : '',
      };
    },
  ],
  [
    'wheel',
    async (seeds, bet) => {
      const r = await recompute(seeds, {
        game: 'wheel',
        segments: Number(detail(bet, 'segments')),
      });
      return {
        recorded: String(detail(bet, 'segment')),
        recomputed: r.game === 'wheel' ? String(r.segment) : '',
      };
    },
  ],
  [
    'roulette',
    async (seeds, bet) => {
      const r = await recompute(seeds, { game: 'roulette' });
      return {
        recorded: String(detail(bet, 'pocket')),
        recomputed: r.game === 'roulette' ? String(r.pocket) : '',
      };
    },
  ],
]);

export function registerSeedVerifier(game: string, verifier: SeedVerifier) {
  verifiers.set(game, verifier);
}

/** Whether the page can check this bet in the browser now (a revealed seed, a known game). */
export function canVerify(bet: BetDetail): boolean {
  const fair = bet.fairness;
  if (fair?.scheme === 'seed_pair') return fair.server_seed !== null && verifiers.has(bet.game);
  if (fair?.scheme === 'crash_chain') return fair.round_hash !== null;
  return false;
}

/** Recomputes the bet's result from its fairness data, in the browser. */
export async function verifyBet(bet: BetDetail): Promise<Verification | null> {
  const fair = bet.fairness;
  if (fair?.scheme === 'seed_pair' && fair.server_seed) {
    const verifier = verifiers.get(bet.game);
    if (!verifier) return null;
    const seeds = { serverSeed: fair.server_seed, clientSeed: fair.client_seed, nonce: fair.nonce };
    const { recorded, recomputed } = await verifier(seeds, bet);
    const hashMatches = (await sha256Hex(fair.server_seed)) === fair.server_seed_hash;
    return { hashMatches, recorded, recomputed, ok: hashMatches && recorded === recomputed };
  }
  if (fair?.scheme === 'crash_chain' && fair.round_hash) {
    const point = await crashPoint(fair.round_hash, fair.salt, fair.edge_bp);
    const recorded = `${fair.crash_point}×`;
    const recomputed = `${x100(point)}×`;
    return { hashMatches: true, recorded, recomputed, ok: recorded === recomputed };
  }
  return null;
}
