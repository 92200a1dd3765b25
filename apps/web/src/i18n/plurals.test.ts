import { LANGUAGES } from '@casino/contracts';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import bn from './locales/bn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ms from './locales/ms.json';
import pt from './locales/pt.json';
import th from './locales/th.json';
import zhTW from './locales/zh-TW.json';
import { withPluralForms } from './plural-forms.ts';

const bundles = { en, bn, 'zh-TW': zhTW, th, fr, pt, es, ms } as const;

async function translator(language: (typeof LANGUAGES)[number]) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { translation: en },
      [language]: { translation: withPluralForms(language, bundles[language] as never) },
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n.t;
}

/** The counted strings, by language: 1, 2 and a million (French, Portuguese, Spanish "many"). */
const EXPECTED: Record<string, [string, string, string]> = {
  en: ['1 leg', '2 legs', '1000000 legs'],
  bn: ['1টি লেগ', '2টি লেগ', '1000000টি লেগ'],
  'zh-TW': ['1 關', '2 關', '1000000 關'],
  th: ['1 คู่', '2 คู่', '1000000 คู่'],
  fr: ['1 sélection', '2 sélections', '1000000 sélections'],
  pt: ['1 seleção', '2 seleções', '1000000 seleções'],
  es: ['1 selección', '2 selecciones', '1000000 selecciones'],
  ms: ['1 pilihan', '2 pilihan', '1000000 pilihan'],
};

describe('plurals (i18next count, Intl.PluralRules per language)', () => {
  for (const language of LANGUAGES) {
    it(`${language}: one, other and many each in the language itself`, async () => {
      const t = await translator(language);
      expect([1, 2, 1_000_000].map((count) => t('plurals.legs', { count }))).toEqual(
        EXPECTED[language],
      );
    });
  }

  it('fills many from other only where the language has that category', () => {
    expect(withPluralForms('fr', { a: { x_one: '1', x_other: 'n' } })).toEqual({
      a: { x_one: '1', x_other: 'n', x_many: 'n' },
    });
    expect(withPluralForms('bn', { x_one: '1', x_other: 'n' })).toEqual({
      x_one: '1',
      x_other: 'n',
    });
  });
});
