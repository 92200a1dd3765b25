import type { ProviderMenu } from '../../lib/root-store.ts';

/** Spec §3 "Menu item: id, label, route, icon, nestedItems". */
export type MenuIcon =
  | 'gift'
  | 'grid'
  | 'dice'
  | 'layers'
  | 'provider'
  | 'users'
  | 'shield'
  | 'wallet'
  | 'receipt'
  | 'settings'
  | 'logout'
  | 'headset'
  | 'cherry'
  | 'live'
  | 'mic'
  | 'table'
  | 'roulette'
  | 'gamepad'
  | 'monitor';

export type MenuAction = 'wallet' | 'logout' | 'support';

export type MenuItem = {
  id: number;
  /** An i18n key, or the literal text when `literal` is set (provider names). */
  label: string;
  literal?: boolean;
  route?: string;
  action?: MenuAction;
  icon: MenuIcon;
  nestedItems?: MenuItem[];
};

/** The item the stored provider menus replace (spec §2). */
export const PROVIDERS_MENU_ID = 8;
/** Provider entries get ids above this, so they never clash with fixed ones. */
export const PROVIDER_ID_OFFSET = 1000;

export const GAME_CATEGORIES = [
  { slug: 'slots', icon: 'cherry' },
  { slug: 'live', icon: 'live' },
  { slug: 'game_shows', icon: 'mic' },
  { slug: 'table', icon: 'table' },
  { slug: 'roulette', icon: 'roulette' },
  { slug: 'arcade', icon: 'gamepad' },
  { slug: 'virtual_sport', icon: 'monitor' },
] as const satisfies readonly { slug: string; icon: MenuIcon }[];

export type GameCategory = (typeof GAME_CATEGORIES)[number]['slug'];

export function isGameCategory(slug: string | undefined): slug is GameCategory {
  return GAME_CATEGORIES.some((c) => c.slug === slug);
}

/**
 * Top-level ids follow display order with a gap after Game Categories (3),
 * whose children take 31–37, so the Providers slot keeps id 8 as the stored
 * menus expect.
 */
export const BASE_MENU: MenuItem[] = [
  { id: 1, label: 'nav.promotions', route: '/promotions', icon: 'gift' },
  { id: 2, label: 'nav.allGames', route: '/casino/all-games', icon: 'grid' },
  {
    id: 3,
    label: 'nav.gameCategories',
    icon: 'dice',
    nestedItems: GAME_CATEGORIES.map((category, index) => ({
      id: 31 + index,
      label: `categories.${category.slug}`,
      route: `/casino/${category.slug}`,
      icon: category.icon,
    })),
  },
  { id: PROVIDERS_MENU_ID, label: 'nav.providers', route: '/casino/providers', icon: 'layers' },
  { id: 9, label: 'nav.referral', route: '/affiliate/overview', icon: 'users' },
  { id: 10, label: 'nav.responsibleGaming', route: '/responsible-gaming', icon: 'shield' },
];

export const PLAYER_MENU: MenuItem[] = [
  { id: 11, label: 'nav.wallet', action: 'wallet', icon: 'wallet' },
  { id: 12, label: 'nav.transactions', route: '/transactions/deposits', icon: 'receipt' },
  { id: 13, label: 'nav.settings', route: '/settings/general', icon: 'settings' },
  { id: 14, label: 'nav.logout', action: 'logout', icon: 'logout' },
];

export const SUPPORT_MENU_ITEM: MenuItem = {
  id: 15,
  label: 'nav.liveSupport',
  action: 'support',
  icon: 'headset',
};

export function providerRoute(name: string): string {
  return `/casino/all-games?${new URLSearchParams({ page: '1', provider: name })}`;
}

export function providerMenuItems(providers: ProviderMenu[]): MenuItem[] {
  return providers.map((provider) => ({
    id: PROVIDER_ID_OFFSET + provider.id,
    label: provider.name,
    literal: true,
    route: providerRoute(provider.name),
    icon: 'provider',
  }));
}

/**
 * The side menu in display order, as sections: browsing entries (item 8
 * replaced by the provider entries when any are stored), the player's entries
 * when signed in, then Live Support.
 */
export function buildMenu(input: {
  isAuthenticated: boolean;
  providers: ProviderMenu[];
}): MenuItem[][] {
  const browse = BASE_MENU.flatMap((item) =>
    item.id === PROVIDERS_MENU_ID && input.providers.length > 0
      ? providerMenuItems(input.providers)
      : [item],
  );
  return [browse, ...(input.isAuthenticated ? [PLAYER_MENU] : []), [SUPPORT_MENU_ITEM]];
}
