#!/usr/bin/env node
// Import boundaries that review alone would miss:
// - server modules meet only through each other's index.ts;
// - server platform code never imports a module;
// - web/back-office features never import each other;
// - no import circle in the server, type-only imports included (madge).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

function walk(dir, files = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, files);
    else if (/\.(ts|tsx)$/.test(name)) files.push(full);
  }
  return files;
}

function imports(file) {
  const source = readFileSync(file, 'utf8');
  return [
    ...source.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((match) => match[1] ?? match[2]);
}

function check(base, rule) {
  const dir = path.join(root, base);
  let files;
  try {
    files = walk(dir);
  } catch {
    return;
  }
  for (const file of files) {
    for (const specifier of imports(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const problem = rule(path.relative(dir, file), path.relative(dir, target));
      if (problem) problems.push(`${path.relative(root, file)}: imports ${specifier} — ${problem}`);
    }
  }
}

const moduleOf = (relative) => /^modules\/([^/]+)\//.exec(`${relative}`)?.[1] ?? null;

check('apps/server/src', (from, to) => {
  const source = moduleOf(from);
  const target = moduleOf(to);
  if (from.startsWith('platform/') && target) return 'platform code must not depend on modules';
  if (target && source !== target && !/^modules\/[^/]+\/index(\.ts)?$/.test(to)) {
    return `module "${source ?? 'composition'}" may use module "${target}" only through its index.ts`;
  }
  return null;
});

for (const app of ['apps/web/src', 'apps/backoffice/src']) {
  check(app, (from, to) => {
    const source = /^features\/([^/]+)\//.exec(from)?.[1];
    const target = /^features\/([^/]+)(\/|$)/.exec(to)?.[1];
    if (source && target && source !== target)
      return `feature "${source}" must not import feature "${target}"`;
    if (/^(components|lib|i18n)\//.test(from) && target)
      return 'shared code must not import a feature';
    return null;
  });
}

// A circle is a module that cannot be built, or tested, without the one that needs it; the
// boundary rules above allow one between two index.ts files, so madge walks the whole graph.
const server = path.join(root, 'apps/server/src');
const graph = await madge(server, {
  fileExtensions: ['ts'],
  tsConfig: path.join(root, 'apps/server/tsconfig.json'),
  detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false } },
});
for (const circle of graph.circular()) {
  problems.push(`import circle in apps/server/src: ${[...circle, circle[0]].join(' → ')}`);
}

if (problems.length > 0) {
  console.error(
    `Import boundary violations (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('import boundaries: ok; no import circle in apps/server/src');
