import type { AppModules } from '../app.ts';

/** The in-repo demo studio (apps/server/src/studio): a real, playable studio of play design. */
export const DEMO_STUDIO = { id: 7, name: 'Lantern Studio', code: 'lantern' } as const;
const ORIGINALS_PROVIDER = 4; // Orbit Originals: the operator's own games.

type Entry = [
  slug: string,
  name: string,
  provider: number,
  category: string,
  rtp_bp: number,
  volatility: 'low' | 'medium' | 'high',
  bets: [min: number, max: number],
  tags: string[],
  released: string,
  featured?: boolean,
];

const SLOT: [number, number] = [10, 100_00];

/**
 * The starting catalogue: only games that open — the originals and the demo studio's slots.
 * No entry of a studio that is not connected (decision 0555: the lobby shows no tile that will
 * not open; an operator's new studio brings its games when it is integrated).
 */
const GAMES: Entry[] = [
  [
    'dice',
    'Dice',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'low',
    [1, 1_000_00],
    ['provably-fair'],
    '2026-10-01',
    true,
  ],
  [
    'limbo',
    'Limbo',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'high',
    [1, 1_000_00],
    ['provably-fair'],
    '2026-11-20',
    true,
  ],
  [
    'mines',
    'Mines',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'medium',
    [1, 1_000_00],
    ['provably-fair'],
    '2026-11-20',
    true,
  ],
  [
    'plinko',
    'Plinko',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'high',
    [1, 1_000_00],
    ['provably-fair'],
    '2026-11-21',
    true,
  ],
  [
    'crash',
    'Crash',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'high',
    [1, 1_000_00],
    ['provably-fair', 'multiplayer'],
    '2026-11-22',
    true,
  ],
  [
    'keno',
    'Keno',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'high',
    [1, 1_000_00],
    ['provably-fair'],
    '2026-11-22',
    true,
  ],
  [
    'wheel',
    'Wheel',
    ORIGINALS_PROVIDER,
    'arcade',
    9900,
    'medium',
    [1, 1_000_00],
    ['provably-fair'],
    '2026-11-22',
    true,
  ],
  [
    'roulette',
    'European Roulette',
    ORIGINALS_PROVIDER,
    'roulette',
    9730,
    'low',
    [1, 1_000_00],
    ['provably-fair', 'single-zero'],
    '2026-11-22',
    true,
  ],
  [
    'lantern-fortune',
    'Lantern Fortune',
    DEMO_STUDIO.id,
    'slots',
    9601,
    'medium',
    SLOT,
    ['5-reels', '10-lines'],
    '2026-11-23',
    true,
  ],
  [
    'koi-garden',
    'Koi Garden',
    DEMO_STUDIO.id,
    'slots',
    9634,
    'low',
    SLOT,
    ['5-reels', '20-lines'],
    '2026-11-24',
    true,
  ],
  [
    'dragon-pearls',
    'Dragon Pearls',
    DEMO_STUDIO.id,
    'slots',
    9597,
    'high',
    SLOT,
    ['5-reels', '10-lines', 'free-spins'],
    '2026-11-25',
    true,
  ],
  [
    'teen-patti',
    'Teen Patti',
    ORIGINALS_PROVIDER,
    'table',
    9900,
    'medium',
    [1, 1_000_00],
    ['provably-fair', 'cards'],
    '2026-11-26',
    true,
  ],
  [
    'baccarat',
    'Baccarat',
    ORIGINALS_PROVIDER,
    'table',
    9894,
    'low',
    [1, 1_000_00],
    ['provably-fair', 'cards'],
    '2026-11-26',
    true,
  ],
  [
    'andar-bahar',
    'Andar Bahar',
    ORIGINALS_PROVIDER,
    'table',
    9785,
    'low',
    [1, 1_000_00],
    ['provably-fair', 'cards'],
    '2026-11-26',
    true,
  ],
  [
    'dragon-tiger',
    'Dragon Tiger',
    ORIGINALS_PROVIDER,
    'table',
    9615,
    'low',
    [1, 1_000_00],
    ['provably-fair', 'cards'],
    '2026-11-26',
    true,
  ],
];

/** Reference data: inserted when missing, never overwritten (the back office edits them). */
export async function seedCasinoGames(
  modules: AppModules,
  studio: { secret: string; launchUrl: string } | null,
): Promise<void> {
  await modules.casino.repository.insertProviderIfMissing({
    id: DEMO_STUDIO.id,
    name: DEMO_STUDIO.name,
    in_menu: true,
    sort_order: DEMO_STUDIO.id,
  });
  if (studio) {
    await modules.lobby.provider.upsertIntegration({
      provider_id: DEMO_STUDIO.id,
      code: DEMO_STUDIO.code,
      secret: studio.secret,
      launch_url: studio.launchUrl,
    });
  }
  for (const [index, entry] of GAMES.entries()) {
    const [slug, name, provider_id, category, rtp_bp, volatility, bets, tags, released, featured] =
      entry;
    const original = provider_id === ORIGINALS_PROVIDER;
    await modules.lobby.repository.insertIfMissing({
      slug,
      name,
      provider_id,
      category: category as never,
      thumbnail: `/api/v1/casino/thumbs/${slug}.svg`,
      rtp_bp,
      volatility,
      min_bet_eur_minor: BigInt(bets[0]),
      max_bet_eur_minor: BigInt(bets[1]),
      demo_allowed: true,
      enabled: true,
      featured: featured ?? false,
      sort_order: (index + 1) * 10,
      tags,
      is_original: original,
      provider_game_code: original ? null : slug,
      released_on: released,
    });
  }
}
