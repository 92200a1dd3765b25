import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../..');

function cssAndHtml(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : cssAndHtml(file);
    return /\.(css|html)$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Issue 20: text is never invisible or re-laid out waiting for a web font. The site uses the
 * system font stack; only Bengali, Chinese and Thai add a Noto font (script-fonts.test.ts). Any
 * @font-face must say how it swaps in, and `optional` or `swap` are the only ones that never
 * hide text.
 */
describe('fonts (issue 20)', () => {
  const files = [
    path.join(WEB, 'index.html'),
    ...cssAndHtml(path.join(WEB, 'src')),
    ...cssAndHtml(path.resolve(WEB, '../../packages/ui')),
  ];

  it('declares font-display: optional or swap in every @font-face', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const block of text.match(/@font-face\s*\{[^}]*\}/g) ?? []) {
        expect(block, `${path.relative(WEB, file)}: ${block}`).toMatch(
          /font-display\s*:\s*(optional|swap)/,
        );
      }
    }
  });

  it('finds the stylesheets it guards', () => {
    expect(files.some((f) => f.endsWith('index.css'))).toBe(true);
    expect(files.some((f) => f.endsWith('theme.css'))).toBe(true);
  });
});
