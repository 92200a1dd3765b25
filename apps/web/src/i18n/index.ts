import { LANGUAGES, type Language } from '@casino/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import bn from './locales/bn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ms from './locales/ms.json';
import pt from './locales/pt.json';
import th from './locales/th.json';
import zhTW from './locales/zh-TW.json';

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

export const resources = {
  en: { translation: en },
  pt: { translation: pt },
  bn: { translation: bn },
  'zh-TW': { translation: zhTW },
  th: { translation: th },
  ms: { translation: ms },
  fr: { translation: fr },
  es: { translation: es },
} satisfies Record<Language, { translation: unknown }>;

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
  void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
