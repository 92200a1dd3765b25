import { LANGUAGES } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import bn from './locales/bn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ms from './locales/ms.json';
import pt from './locales/pt.json';
import th from './locales/th.json';
import zhTW from './locales/zh-TW.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Strings that are the same in every language (symbols, names). */
// 'nonce' is the provably fair scheme's own term, printed as is everywhere.
// Limbo, Plinko, Crash and Keno are the games' names, printed as is everywhere.
const SAME_EVERYWHERE = new Set([
  'common.adultsOnly',
  'originals.nonce',
  'originals.fair.nonce',
  'originals2.limbo.title',
  'originals2.plinko.title',
  'originals2.crash.title',
  'pxRest.products.crash',
  'originalsNum.keno.title',
  // A city's name, the odds format's name in most languages.
  'sports.format.hong_kong',
  // The card tables' own names (Teen Patti, Andar Bahar and their bets) and the card counts.
  'cardTables.teen-patti.title',
  'cardTables.andar-bahar.title',
  'cardTables.spot.ante',
  'cardTables.spot.pair_plus',
  'cardTables.spot.andar',
  'cardTables.spot.bahar',
  ...['6-10', '11-15', '16-25', '26-30', '31-35', '36-40'].map((r) => `cardTables.spot.${r}`),
  // HiLo is the game's name, printed as is everywhere.
  'cardOriginals.hilo.title',
]);

/** Words that are spelled the same as in English in that language (checked by hand). */
const COGNATES: Record<string, string[]> = {
  pt: [
    // The betting term as Portuguese-speaking bookmakers print it.
    'marketNames.handicap',
    // Cricket's and tennis's English terms, used as they are in this language.
    'sbTracker.overs',
    'sbTracker.wicket',
    'sbTracker.tiebreak',
    'sbTracker.set',
    'transactions.status',
    'sports.format.decimal',
    'cardOriginals.blackjack.title',
    'cardOriginals.blackjack.dealer',
    'cardOriginals.blackjack.result.blackjack',
  ],
  ms: [
    // Cricket's and tennis's English terms, used as they are in this language.
    'sbTracker.tiebreak',
    'sbTracker.set',
    'originalsNum.roulette.types.dozen',
    'cardTables.joker',
    'cardTables.baccarat.title',
    'cardOriginals.blackjack.title',
    'cardOriginals.blackjack.result.blackjack',
    'originals2.mines.title',
    'originals.demo',
    'wallet.deposit',
    'wallet.bonus',
    'transactions.types.deposit',
    'transactions.types.bonus',
    'cashier.history.tab.deposits',
    'cashier.history.depositNow',
    'cashier.history.bonus',
  ],
  fr: [
    // The betting term as French bookmakers print it.
    'marketNames.handicap',
    // Cricket's and tennis's English terms, used as they are in this language.
    'sbTracker.score',
    'sbTracker.overs',
    'sbTracker.set',
    'originalsNum.wheel.segments',
    'cardTables.joker',
    'cardTables.spot.dragon',
    'cardOriginals.blackjack.title',
    'originals2.mines.title',
    'originals2.mines.count',
    'originals.mode',
    'nav.casino',
    'nav.promotions',
    'nav.transactions',
    'categories.roulette',
    'categories.arcade',
    'wallet.bonus',
    'pages.casino.title',
    'pages.promotions.title',
    'promotions.title',
    'affiliate.campaignCode',
    'transactions.types.bonus',
    'transactions.pagination',
    'cashier.history.tab.bonuses',
    'cashier.history.bonus',
    'sports.sport.cricket',
    'sports.sport.football',
    'sports.sport.tennis',
  ],
  es: [
    // Cricket's and tennis's English terms, used as they are in this language.
    'sbTracker.overs',
    'sbTracker.wicket',
    'sbTracker.tiebreak',
    'sbTracker.set',
    'cardTables.baccarat.title',
    'cardOriginals.blackjack.title',
    'originals.demo',
    'nav.casino',
    'categories.arcade',
    'pages.casino.title',
    'sports.format.decimal',
  ],
};

const others = { pt, bn, 'zh-TW': zhTW, th, ms, fr, es } as const;
const reference = flatten(en as Tree);

describe('locales', () => {
  it('cover exactly the languages of the product', () => {
    expect(['en', ...Object.keys(others)].sort()).toEqual([...LANGUAGES].sort());
  });

  it('en has no empty strings', () => {
    for (const [key, value] of reference) expect(value.trim(), key).not.toBe('');
  });

  for (const [language, tree] of Object.entries(others)) {
    describe(language, () => {
      const strings = flatten(tree as Tree);

      it('has every key of en, non-empty', () => {
        const missing = [...reference.keys()].filter((key) => !strings.get(key)?.trim());
        expect(missing).toEqual([]);
      });

      it('has no keys that en lacks', () => {
        const extra = [...strings.keys()].filter((key) => !reference.has(key));
        expect(extra).toEqual([]);
      });

      it('keeps the same {{placeholders}}', () => {
        for (const [key, value] of reference) {
          expect(placeholders(strings.get(key) ?? ''), `${language}:${key}`).toEqual(
            placeholders(value),
          );
        }
      });

      it('is translated, not copied from en', () => {
        const copied = [...reference].filter(
          ([key, value]) =>
            !SAME_EVERYWHERE.has(key) &&
            !COGNATES[language]?.includes(key) &&
            value.length > 3 &&
            strings.get(key) === value,
        );
        expect(copied.map(([key]) => key)).toEqual([]);
      });
    });
  }
});
