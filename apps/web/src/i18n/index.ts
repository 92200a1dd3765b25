import type { Language } from '@casino/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { whenIdle } from '../lib/idle.ts';
import { loadScriptFont } from './fonts.ts';
import enShell from './locales/en.json?strings=shell';
import { withPluralForms } from './plural-forms.ts';
import type { StringGroup, StringTree } from './string-groups.ts';
import { createStringLoader } from './string-loader.ts';

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language named in itself, as players look for it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pt: 'Português',
  bn: 'বাংলা',
  'zh-TW': '繁體中文',
  th: 'ไทย',
  ms: 'Bahasa Melayu',
  fr: 'Français',
  es: 'Español',
};

/**
 * The product's languages in the contracts' order (`LANGUAGES` there; a unit test
 * keeps them equal). Taken from the names above so zod, which the contracts
 * module loads, stays out of the initial chunk.
 */
export const LANGUAGES = Object.keys(LANGUAGE_NAMES) as Language[];

/**
 * Each language in two pieces (string-groups.ts, decision 0990): English's shell ships in the
 * entry chunk (it is the default and the fallback); every other piece is its own chunk, fetched
 * when needed, so a player downloads the first screen's strings of one language up front.
 */
const shellLoaders = import.meta.glob<StringTree>(['./locales/*.json', '!./locales/en.json'], {
  query: { strings: 'shell' },
  import: 'default',
});
const restLoaders = import.meta.glob<StringTree>('./locales/*.json', {
  query: { strings: 'rest' },
  import: 'default',
});

const strings = createStringLoader({
  load: async (language: string, group: StringGroup) => {
    const load = (group === 'shell' ? shellLoaders : restLoaders)[`./locales/${language}.json`];
    return load ? load() : {};
  },
  add: (language, tree) =>
    i18n.addResourceBundle(language, 'translation', withPluralForms(language, tree), true, true),
  current: () => i18n.language ?? DEFAULT_LANGUAGE,
  preloaded: [[DEFAULT_LANGUAGE, 'shell']],
});

/**
 * Resolves once the strings of every screen are loaded in the language on screen. Screens
 * beyond the first ones (lazily loaded pages, modals' bodies) wait for it with their code, so
 * they never draw a raw key (`withAllStrings`).
 */
export const ensureAllStrings = strings.ensureRest;

/** A lazy module's loader that also waits for the rest of the strings. */
export function withAllStrings<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), ensureAllStrings()]))[0];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted, still applied.
  }
  void strings.ensureLanguage(language).then(() => i18n.changeLanguage(language));
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  if (isLanguage(language)) loadScriptFont(language);
});

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: enShell } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

// The stored language's shell loads while the loading screen shows (2000 ms).
if (initialLanguage !== DEFAULT_LANGUAGE) {
  void strings.ensureLanguage(initialLanguage).then(() => i18n.changeLanguage(initialLanguage));
}

// Once the page has loaded, the rest of the strings follow, so the next screen opens at once;
// a screen opened before then waits for them (`withAllStrings`).
whenIdle(() => {
  ensureAllStrings().catch((error: unknown) =>
    console.warn('The rest of the strings did not load', error),
  );
});

export default i18n;
