/**
 * Each language's strings travel in two pieces (decision 0990). `shell`: what the first screens
 * draw (the layout, the home page, the casino lobby and the sports page);
 * English's shell is in the entry chunk. `rest`: everything else, one chunk per language, loaded
 * after the page has loaded or when a screen that needs it opens, whichever comes first.
 *
 * The locale files stay one per language (translators and `locales.test.ts` see one file); the
 * build cuts them (vite.config.ts, `?strings=shell|rest`). `string-groups.test.ts` walks the
 * first screens' modules and fails when one of them uses a key the shell lacks.
 *
 * A path is a top-level namespace or a key under it; a key's plural forms (`_one`, `_other`, …)
 * travel with it.
 */
export const SHELL_PATHS: readonly string[] = [
  'a11y',
  'categories',
  'common',
  'errors',
  'footer',
  'i18nWeb',
  'inplay',
  'language',
  'lobby',
  'lobby2',
  'marketNames',
  'nav',
  'plurals',
  'sbCashout',
  'sbCashoutReason',
  'sbEarly',
  'sbEarlyPaid',
  'sbTracker',
  'sports',
  'sportsBuilder',
  'topbar',
  'cashier.return',
  'originals.title',
  'pages.home',
  'pages.casino',
  'pages.allGames',
  'pages.providers',
  'pages.category',
  'pages.notFound',
];

/**
 * The modules a first visit draws before any string chunk has arrived: the entry and the pages
 * `router.tsx` loads with `firstScreenPage` (they wait for no string chunk). Paths from apps/web.
 */
export const FIRST_SCREEN_MODULES: readonly string[] = [
  'src/main.tsx',
  'src/app/routes/home-page.tsx',
  'src/features/lobby/components/lobby-pages.tsx',
  'src/features/sports/components/sports-page.tsx',
  // Drawn by the sports page with it: the slip beside the events on a wide screen, an event's
  // page when the link names one (`?event=`).
  'src/features/sports/components/bet-slip.tsx',
  'src/features/sports/components/event-view.tsx',
];

export type StringGroup = 'shell' | 'rest';
export type StringTree = { [key: string]: string | StringTree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Whether the key (`nav.home`, `lobby.count_other`) travels in the shell. */
export function isShellKey(key: string, paths: readonly string[] = SHELL_PATHS): boolean {
  const bare = key.replace(PLURAL_SUFFIX, '');
  return paths.some((p) => key === p || bare === p || key.startsWith(`${p}.`));
}

/** The part of a language's strings that travels in `group`; empty branches are left out. */
export function pickStrings(
  tree: StringTree,
  group: StringGroup,
  paths: readonly string[] = SHELL_PATHS,
): StringTree {
  const pick = (branch: StringTree, prefix: string): StringTree => {
    const out: StringTree = {};
    for (const [key, value] of Object.entries(branch)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') {
        if (isShellKey(path, paths) === (group === 'shell')) out[key] = value;
        continue;
      }
      const inner = pick(value, path);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
    return out;
  };
  return pick(tree, '');
}
