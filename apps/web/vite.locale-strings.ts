import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { pickStrings, type StringGroup } from './src/i18n/string-groups.ts';

/**
 * `./locales/xx.json?strings=shell|rest`: one piece of a locale file (src/i18n/string-groups.ts,
 * decision 0990), so each language is one file to translate but two chunks to download.
 */
export function localeStringGroups(): Plugin {
  const PREFIX = '\0locale-strings:';
  return {
    name: 'locale-string-groups',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.+\.json)\?strings=(shell|rest)(?:&.*)?$/.exec(source);
      if (!match?.[1]) return null;
      const resolved = await this.resolve(match[1], importer, { skipSelf: true });
      if (!resolved) return null;
      // No `.json` left at the end of the id: the JSON plugin must not read the module we emit.
      return `${PREFIX}${resolved.id.replace(/\.json$/, '')}.${match[2]}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, id.lastIndexOf('.'));
      const group = id.slice(id.lastIndexOf('.') + 1) as StringGroup;
      const source = `${file}.json`;
      this.addWatchFile(source);
      const picked = JSON.stringify(pickStrings(JSON.parse(readFileSync(source, 'utf8')), group));
      // JSON.parse of a string literal compiles faster than an object literal of the same size.
      return `export default JSON.parse(${JSON.stringify(picked)});`;
    },
  };
}
