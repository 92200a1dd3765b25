import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

/** Props a player reads or hears; their text must come from t(). */
const USER_FACING_PROPS = new Set(['aria-label', 'placeholder', 'title', 'alt']);

/**
 * Text that is the same in every language: brand and product names, units, symbols and the
 * spec's own literals. Anything else in JSX text or a user-facing prop fails the check.
 */
const ALLOWED = new Set<string>([
  // Spec §9: the euro line reads 'N/A' without a rate, in every language.
  'N/A',
  // Card and wallet brands drawn as logos (components/payment-logos.tsx).
  'VISA',
  'NET',
  'UPI',
  'PAY',
  // The file format's name on a document preview.
  'PDF',
]);

/** A word of two Latin letters or more: what a reader would take for English. */
const LATIN_WORD = /[A-Za-z]{2,}/;

export type Finding = { file: string; line: number; text: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [file] : [];
  });
}

export function findHardCodedText(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: Finding[] = [];
  const report = (node: ts.Node, value: string) => {
    const trimmed = value.replace(/\s+/g, ' ').trim();
    if (!LATIN_WORD.test(trimmed) || ALLOWED.has(trimmed)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file: fileName, line: line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && USER_FACING_PROPS.has(node.name.getText(source))) {
      // The prop's value is checked here, so its expression is not visited as a child below.
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init, init.text);
      if (init && ts.isJsxExpression(init) && init.expression) {
        const e = init.expression;
        if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) report(e, e.text);
      }
    }
    // A string literal as a JSX child: {'Close'}.
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      for (const child of node.children) {
        const e = ts.isJsxExpression(child) ? child.expression : undefined;
        if (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e))) {
          report(e, e.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every screen's words go through t() so all eight languages can say them (decision 0987).
 * Operator content (game, promotion and gateway names) arrives as data and is not seen here.
 */
describe('no hard-coded English in the player site (decision 0987)', () => {
  // Parsing every component takes a few seconds on a loaded machine.
  it('finds none in JSX text or user-facing props', { timeout: 60_000 }, () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const findings = files
      .filter((file) => !file.includes('.test.'))
      .flatMap((file) => findHardCodedText(path.relative(SRC, file), readFileSync(file, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('flags text, props and string children, and lets t() and symbols through', () => {
    const sample = `export const A = () => (
      <div title="Close">
        Hello
        <img alt={'Logo'} src="x.png" />
        {'Sign in'}
        <input placeholder={t('auth.email')} aria-label="×" />
        {t('ok')} · 2×
        <b>N/A</b>
      </div>
    );`;
    expect(
      findHardCodedText('a.tsx', sample)
        .map((f) => f.text)
        .sort(),
    ).toEqual(['Close', 'Hello', 'Logo', 'Sign in']);
  });
});
