import type { Language } from '@casino/contracts';

/**
 * Languages whose script a phone may lack get a subsetted Noto font served with the site.
 * Each stylesheet is its own chunk, fetched only when its language is chosen; the faces use
 * font-display: swap, so text shows at once in the system font and the page never waits on a
 * font (decision 0986). The families are already named in index.css's font stack.
 */
const SCRIPT_FONTS: Partial<Record<Language, () => Promise<unknown>>> = {
  bn: () => import('./fonts/bn.css'),
  th: () => import('./fonts/th.css'),
  'zh-TW': () => import('./fonts/zh-TW.css'),
};

const requested = new Set<Language>();

export function hasScriptFont(language: Language): boolean {
  return language in SCRIPT_FONTS;
}

/** Adds the language's @font-face rules once; a failed fetch leaves the system font. */
export function loadScriptFont(language: Language): void {
  const load = SCRIPT_FONTS[language];
  if (!load || requested.has(language)) return;
  requested.add(language);
  load().catch(() => requested.delete(language));
}
