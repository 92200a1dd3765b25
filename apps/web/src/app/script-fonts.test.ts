import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../..');
const FONTS = path.join(WEB, 'src/i18n/fonts');
const require = createRequire(path.join(WEB, 'package.json'));

/** The @font-face rules a language's stylesheet pulls in, with their woff2 files on disk. */
function faces(language: string) {
  const sheet = readFileSync(path.join(FONTS, `${language}.css`), 'utf8');
  const imports = [...sheet.matchAll(/@import\s+"([^"]+)"/g)].map((m) => m[1] as string);
  return imports.flatMap((spec) => {
    const file = require.resolve(spec);
    const css = readFileSync(file, 'utf8');
    return (css.match(/@font-face\s*\{[^}]*\}/g) ?? []).map((block) => {
      const woff2 = /url\(([^)]+\.woff2)\)/.exec(block)?.[1] ?? '';
      return { block, woff2: path.resolve(path.dirname(file), woff2) };
    });
  });
}

/** The script's own slices (what a page in that language downloads), by their range. */
const SCRIPT_RANGE: Record<string, RegExp> = {
  bn: /U\+0980-09FE/i,
  th: /U\+0E01-0E5B/i,
};

/** Decision 0986: one subsetted Noto font per script a phone may lack, bounded in size. */
describe('script fonts (decision 0986)', () => {
  it('ships a stylesheet for Bengali, Traditional Chinese and Thai only', () => {
    expect(readdirSync(FONTS).sort()).toEqual(['bn.css', 'th.css', 'zh-TW.css']);
    const loader = readFileSync(path.join(WEB, 'src/i18n/fonts.ts'), 'utf8');
    for (const language of ['bn', 'th', 'zh-TW']) {
      expect(loader).toContain(`import('./fonts/${language}.css')`);
    }
  });

  it.each(['bn', 'th', 'zh-TW'])('%s: every face swaps and names its unicode-range', (language) => {
    const list = faces(language);
    expect(list.length).toBeGreaterThan(0);
    for (const { block } of list) {
      expect(block).toMatch(/font-display:\s*swap/);
      expect(block).toMatch(/unicode-range:/);
    }
  });

  it.each(Object.entries(SCRIPT_RANGE))(
    '%s: the script slices a page downloads stay under 120 KB',
    (language, range) => {
      const bytes = faces(language)
        .filter(({ block }) => range.test(block))
        .reduce((sum, { woff2 }) => sum + statSync(woff2).size, 0);
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(120_000);
    },
  );

  it('zh-TW: no slice is over 120 KB, so a page pays only for the characters it shows', () => {
    const list = faces('zh-TW');
    expect(list.length).toBeGreaterThan(50);
    for (const { woff2 } of list) expect(statSync(woff2).size).toBeLessThan(120_000);
  });

  it('no emoji serves as an icon: a phone without an emoji font would show empty boxes', () => {
    const emoji = /[\u{1F300}-\u{1FAFF}\u{1F000}-\u{1F2FF}]/u;
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return walk(file);
        return /\.(tsx?|json)$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
      });
    const found = walk(path.join(WEB, 'src')).filter((file) =>
      emoji.test(readFileSync(file, 'utf8')),
    );
    expect(found.map((f) => path.relative(WEB, f))).toEqual([]);
  });
});
