import type { StringGroup, StringTree } from './string-groups.ts';

type StringLoaderOptions = {
  /** Fetches one piece of one language (a chunk of the build). */
  load: (language: string, group: StringGroup) => Promise<StringTree>;
  /** Merges a loaded piece into i18next's resources. */
  add: (language: string, strings: StringTree) => void;
  /** The language on screen. */
  current: () => string;
  /** Pieces already in the resources (English's shell, in the entry chunk). */
  preloaded?: ReadonlyArray<readonly [string, StringGroup]>;
};

/**
 * Which pieces of which languages are loaded (decision 0990). Once any screen has asked for the
 * rest of the strings (`ensureRest`), a language switch loads both pieces before the switch, so
 * a screen on display never shows a raw key; before that, a switch loads only the shell.
 */
export function createStringLoader(options: StringLoaderOptions) {
  const pieces = new Map<string, Promise<void>>();
  for (const [language, group] of options.preloaded ?? []) {
    pieces.set(`${language}:${group}`, Promise.resolve());
  }
  let restWanted = false;
  /** The language a switch is loading, so `ensureRest` loads its rest too. */
  let switchingTo: string | null = null;

  const piece = (language: string, group: StringGroup): Promise<void> => {
    const key = `${language}:${group}`;
    let loading = pieces.get(key);
    if (!loading) {
      loading = options.load(language, group).then(
        (strings) => options.add(language, strings),
        (error: unknown) => {
          // Not cached: the next screen that needs it tries again (a flaky network).
          pieces.delete(key);
          throw error;
        },
      );
      pieces.set(key, loading);
    }
    return loading;
  };

  const hasPiece = (language: string, group: StringGroup) => pieces.has(`${language}:${group}`);

  /** Loads what a switch to `language` needs before the screen changes language. */
  async function ensureLanguage(language: string): Promise<void> {
    switchingTo = language;
    try {
      await piece(language, 'shell');
      // Asked for while the shell loaded: the rest too, before the switch.
      if (restWanted) await piece(language, 'rest');
    } finally {
      if (switchingTo === language) switchingTo = null;
    }
  }

  /** The rest of the strings of the language on screen (and of one being switched to). */
  async function ensureRest(): Promise<void> {
    restWanted = true;
    const languages = new Set([options.current()]);
    if (switchingTo) languages.add(switchingTo);
    await Promise.all([...languages].map((language) => piece(language, 'rest')));
  }

  return { ensureLanguage, ensureRest, hasPiece };
}

export type StringLoader = ReturnType<typeof createStringLoader>;
