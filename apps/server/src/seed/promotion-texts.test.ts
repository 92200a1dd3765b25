import { LANGUAGES } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import { LEGAL_TEXT_TRANSLATIONS, PROMOTION_TEXTS } from './promotion-texts.ts';
import { GATEWAY_NAME_TRANSLATIONS, GATEWAYS } from './reference-data.ts';

describe('seeded operator texts (decision 0981)', () => {
  it('give each demo promotion a title and terms in every language, none copied from English', () => {
    for (const [key, { title, terms }] of Object.entries(PROMOTION_TEXTS)) {
      for (const language of LANGUAGES) {
        expect(title[language]?.trim(), `${key} title ${language}`).toBeTruthy();
        expect(terms[language]?.trim(), `${key} terms ${language}`).toBeTruthy();
        if (language !== 'en') expect(terms[language], `${key} ${language}`).not.toBe(terms.en);
      }
    }
  });

  it('name every seeded gateway but the schemes’ own names in the seven other languages', () => {
    const translated = GATEWAYS.filter((g) => !['UPI', 'QRIS'].includes(g.name));
    for (const gateway of translated) {
      const texts = GATEWAY_NAME_TRANSLATIONS[gateway.name];
      expect(Object.keys(texts ?? {}).sort(), gateway.name).toEqual(
        LANGUAGES.filter((l) => l !== 'en').sort(),
      );
      for (const text of Object.values(texts!)) expect(text.length).toBeLessThanOrEqual(60);
    }
    for (const texts of Object.values(LEGAL_TEXT_TRANSLATIONS))
      expect(Object.keys(texts).sort()).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
  });
});
