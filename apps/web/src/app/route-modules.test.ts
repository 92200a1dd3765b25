import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './route-modules.ts';

const WEB = path.resolve(import.meta.dirname, '../..');
const routerSource = readFileSync(path.join(WEB, 'src/app/router.tsx'), 'utf8');

/** `import('./routes/home-page.tsx')` in router.tsx → `src/app/routes/home-page.tsx`. */
const lazyModules = new Set(
  [...routerSource.matchAll(/import\('([^']+)'\)/g)].map((m) =>
    path.relative(WEB, path.resolve(WEB, 'src/app', m[1]!)),
  ),
);

describe('route modules (the preload map the server uses, issue 20)', () => {
  it('names only files that exist and that the router loads lazily', () => {
    for (const [pattern, file] of Object.entries(ROUTE_MODULES)) {
      expect(existsSync(path.join(WEB, file)), `${pattern} → ${file}`).toBe(true);
      expect(lazyModules.has(file), `${pattern} → ${file} is not lazy in router.tsx`).toBe(true);
    }
  });

  it('covers every page module the router loads lazily', () => {
    const mapped = new Set(Object.values(ROUTE_MODULES));
    // Not a page: the card games' drawing and checks, loaded beside the bet page.
    const companions = new Set(['src/app/bet-games.ts']);
    for (const file of lazyModules)
      if (!companions.has(file)) expect(mapped.has(file), file).toBe(true);
  });

  it('covers every path of router.tsx', () => {
    const paths = [...routerSource.matchAll(/path: '([^']+)'/g)]
      .map((m) => `/${m[1]}`)
      .filter((p) => p !== '/*');
    for (const p of paths) expect(Object.keys(ROUTE_MODULES), p).toContain(p);
  });
});
