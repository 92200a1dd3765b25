import type { Language } from '@casino/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadScriptFont } from './fonts.ts';
import en from './locales/en.json';
import { withPluralForms } from './plural-forms.ts';

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
 * English ships in the main bundle (it is the default and the fallback); every
 * other language is its own chunk, fetched when chosen, so a player downloads one
 * language, not eight.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

async function ensureLoaded(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) return;
  const load = loaders[`./locales/${language}.json`];
  if (!load) return;
  const bundle = await load();
  i18n.addResourceBundle(
    language,
    'translation',
    withPluralForms(language, bundle.default as never),
    true,
    true,
  );
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
  void ensureLoaded(language).then(() => i18n.changeLanguage(language));
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  if (isLanguage(language)) loadScriptFont(language);
});

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

// The stored language loads while the loading screen shows (2000 ms).
if (initialLanguage !== DEFAULT_LANGUAGE) {
  void ensureLoaded(initialLanguage).then(() => i18n.changeLanguage(initialLanguage));
}

export default i18n;
