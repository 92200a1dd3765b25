import { describe, expect, it } from 'vitest';
import { BASE_MENU, buildMenu, PROVIDERS_MENU_ID, providerRoute } from './menu.ts';

const ids = (sections: { id: number }[][]) => sections.map((s) => s.map((i) => i.id));

describe('buildMenu (spec §2)', () => {
  it('guests get the browsing entries and Live Support', () => {
    const menu = buildMenu({ isAuthenticated: false, providers: [] });
    expect(ids(menu)).toEqual([[1, 2, 3, 8, 9, 10], [15]]);
  });

  it('players also get Wallet, Transactions, Settings and Logout', () => {
    const menu = buildMenu({ isAuthenticated: true, providers: [] });
    expect(ids(menu)).toEqual([[1, 2, 3, 8, 9, 10], [11, 12, 13, 14], [15]]);
    expect(menu[1]?.map((i) => i.label)).toEqual([
      'nav.wallet',
      'nav.transactions',
      'nav.settings',
      'nav.logout',
    ]);
  });

  it('replaces item 8 in place with the stored provider entries', () => {
    const menu = buildMenu({
      isAuthenticated: false,
      providers: [
        { id: 4, name: 'Pragmatic Play' },
        { id: 7, name: 'Evolution' },
      ],
    });
    const browse = menu[0]!;
    expect(browse.some((i) => i.id === PROVIDERS_MENU_ID)).toBe(false);
    expect(browse.map((i) => i.label)).toEqual([
      'nav.promotions',
      'nav.allGames',
      'nav.gameCategories',
      'Pragmatic Play',
      'Evolution',
      'nav.referral',
      'nav.responsibleGaming',
    ]);
    expect(browse[3]).toMatchObject({
      literal: true,
      route: '/casino/all-games?page=1&provider=Pragmatic+Play',
    });
  });

  it('has the seven game categories, in order, under Game Categories', () => {
    const categories = BASE_MENU.find((i) => i.id === 3)?.nestedItems ?? [];
    expect(categories.map((i) => i.route)).toEqual([
      '/casino/slots',
      '/casino/live',
      '/casino/game_shows',
      '/casino/table',
      '/casino/roulette',
      '/casino/arcade',
      '/casino/virtual_sport',
    ]);
  });

  it('ids are unique', () => {
    const all = buildMenu({ isAuthenticated: true, providers: [{ id: 1, name: 'A' }] })
      .flat()
      .flatMap((i) => [i, ...(i.nestedItems ?? [])])
      .map((i) => i.id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('encodes provider names safely', () => {
    expect(providerRoute('A&B / C')).toBe('/casino/all-games?page=1&provider=A%26B+%2F+C');
  });
});
