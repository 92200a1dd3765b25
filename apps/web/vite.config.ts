import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_MODULES } from './src/app/route-modules.ts';
import { localeStringGroups } from './vite.locale-strings.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * Writes `dist/route-preloads.json`: for each route pattern of `ROUTE_MODULES`, the chunks its
 * page needs beyond what index.html already preloads (the page's chunk and its static imports).
 * The server puts them into the page as `<link rel="modulepreload">` (static-sites.ts), so the
 * page's code downloads alongside the main bundle on a cold load (issue 20).
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<
        string,
        { imports: string[]; facade: string | null; entry: boolean }
      >();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          imports: output.imports,
          facade: output.facadeModuleId,
          entry: output.isEntry,
        });
      }
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const next of chunks.get(file)?.imports ?? []) closure(next, into);
        return into;
      };
      const initial = new Set<string>();
      for (const [file, chunk] of chunks) if (chunk.entry) closure(file, initial);
      const root = path.resolve(import.meta.dirname);
      const preloads: Record<string, string[]> = {};
      for (const [pattern, module] of Object.entries(ROUTE_MODULES)) {
        const target = path.join(root, module);
        const file = [...chunks].find(([, chunk]) => chunk.facade === target)?.[0];
        if (!file) this.error(`route-preloads: no chunk for ${pattern} (${module}); is it lazy?`);
        preloads[pattern] = [...closure(file, new Set())]
          .filter((f) => !initial.has(f))
          .map((f) => `/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/**
 * Everything the entry imports statically travels in one chunk (`shell`). Left to the automatic
 * splitting, the first screen arrives as ~20 small chunks (a module the entry and a lazy page
 * share becomes its own chunk), and on a phone each request costs its response headers (~1 KiB
 * with the security headers) and a round trip: about as much as the code itself (decision 0991).
 * Lazy chunks import what they share with the first screen from this one.
 */
function shellChunk() {
  let shell: Set<string> | null = null;
  return {
    groups: [
      {
        name: (
          id: string,
          context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
        ) => {
          if (!shell) {
            const entry = path.resolve(import.meta.dirname, 'src/main.tsx');
            shell = new Set();
            const visit = (module: string) => {
              if (shell?.has(module)) return;
              shell?.add(module);
              for (const next of context.getModuleInfo(module)?.importedIds ?? []) visit(next);
            };
            visit(entry);
          }
          // Rolldown's runtime helpers too: one request fewer.
          return shell.has(id) || id.includes('rolldown/runtime') ? 'shell' : null;
        },
      },
    ],
  };
}

export default defineConfig({
  plugins: [localeStringGroups(), react(), tailwindcss(), routePreloads()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/dev': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: shellChunk() } },
  },
});
