import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import {
  FIRST_SCREEN_MODULES,
  isShellKey,
  pickStrings,
  SHELL_PATHS,
  type StringTree,
} from './string-groups.ts';

const WEB = path.resolve(import.meta.dirname, '../..');
const NAMESPACES = new Set(Object.keys(en));

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The app's modules a first screen runs: static imports only (a dynamic one loads later). */
function firstScreenFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target && /\.tsx?$/.test(target) && !target.endsWith('.test.ts')) visit(target);
    }
  };
  for (const module of FIRST_SCREEN_MODULES) visit(path.join(WEB, module));
  return [...seen];
}

/**
 * Every string literal shaped like a key of the locale files (`'nav.home'`, `` `sports.${x}` ``):
 * keys reach `t` as literals, from tables of literals, or as a literal prefix and a variable.
 * A template's literal prefix stands for every key under it.
 */
function keysUsedBy(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const keys: string[] = [];
  for (const match of source.matchAll(/['"`]([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(\.\$\{)?/g)) {
    const key = match[1] ?? '';
    if (!NAMESPACES.has(key.split('.')[0] ?? '')) continue;
    if (!key.includes('.') && !match[2]) continue;
    keys.push(match[2] ? `${key}.*` : key);
  }
  return keys;
}

/** A template prefix is covered when a shell path holds everything under it. */
function covered(key: string): boolean {
  if (!key.endsWith('.*')) return isShellKey(key);
  const prefix = key.slice(0, -2);
  return SHELL_PATHS.some((p) => prefix === p || prefix.startsWith(`${p}.`));
}

function leaves(tree: StringTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [at] : leaves(value, at);
  });
}

describe('string groups', () => {
  it('puts every key a first screen uses in the shell', () => {
    const files = firstScreenFiles();
    // The walk reached the layout and the pages, not only the entry.
    expect(files.some((f) => f.endsWith('app/layout/top-bar.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('features/lobby/components/game-card.tsx'))).toBe(true);
    const missing = files.flatMap((file) =>
      keysUsedBy(file)
        .filter((key) => !covered(key))
        .map((key) => `${path.relative(WEB, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('names only paths the English strings have', () => {
    const all = leaves(en as StringTree);
    for (const shellPath of SHELL_PATHS) {
      expect(
        all.some((key) => isShellKey(key, [shellPath])),
        shellPath,
      ).toBe(true);
    }
  });

  it('loads the first-screen pages without waiting for the rest of the strings', () => {
    const router = readFileSync(path.join(WEB, 'src/app/router.tsx'), 'utf8');
    const loaders = new Map(
      [...router.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]),
    );
    const firstScreen = [...router.matchAll(/firstScreenPage\(\s*([^,]+),/g)].map((m) => {
      const argument = (m[1] ?? '').trim();
      const inline = /import\('([^']+)'\)/.exec(argument)?.[1];
      const target = inline ?? loaders.get(argument);
      return target ? path.relative(WEB, path.resolve(WEB, 'src/app', target)) : argument;
    });
    // `page` itself calls it with its gated loader; the others are the first-screen pages.
    const pages = firstScreen.filter((file) => file !== 'withAllStrings(load)');
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) expect(FIRST_SCREEN_MODULES, file).toContain(file);
  });

  it('cuts a language into two pieces that together are the whole', () => {
    const tree: StringTree = {
      nav: { home: 'Home' },
      lobby2: { gamesCount_one: '{{count}} game', gamesCount_other: '{{count}} games' },
      pages: { home: { title: 'Home' }, vip: { title: 'VIP' } },
      vip: { title: 'VIP' },
    };
    const paths = ['nav', 'lobby2.gamesCount', 'pages.home'];
    expect(pickStrings(tree, 'shell', paths)).toEqual({
      nav: { home: 'Home' },
      lobby2: { gamesCount_one: '{{count}} game', gamesCount_other: '{{count}} games' },
      pages: { home: { title: 'Home' } },
    });
    expect(pickStrings(tree, 'rest', paths)).toEqual({
      pages: { vip: { title: 'VIP' } },
      vip: { title: 'VIP' },
    });
    const shell = leaves(pickStrings(en as StringTree, 'shell'));
    const rest = leaves(pickStrings(en as StringTree, 'rest'));
    expect([...shell, ...rest].sort()).toEqual(leaves(en as StringTree).sort());
    expect(shell.filter((key) => rest.includes(key))).toEqual([]);
  });

  it('keeps the shell a small part of each language', () => {
    const size = (tree: StringTree) => JSON.stringify(tree).length;
    expect(size(pickStrings(en as StringTree, 'shell'))).toBeLessThan(size(en as StringTree) / 3);
  });
});
