import { describe, expect, it } from 'vitest';
import type { StringGroup, StringTree } from './string-groups.ts';
import { createStringLoader } from './string-loader.ts';

/** A loader over fake chunks that resolve when the test says so; records what it fetched. */
function harness(options: { failFirst?: string } = {}) {
  const fetched: string[] = [];
  const added: string[] = [];
  const pending = new Map<string, { resolve: (tree: StringTree) => void; reject: () => void }>();
  let language = 'en';
  let failures = options.failFirst ? 1 : 0;
  const loader = createStringLoader({
    load: (lng: string, group: StringGroup) => {
      const key = `${lng}:${group}`;
      fetched.push(key);
      return new Promise<StringTree>((resolve, reject) => {
        pending.set(key, { resolve, reject });
        if (key === options.failFirst && failures > 0) {
          failures--;
          queueMicrotask(() => reject(new Error('offline')));
        }
      });
    },
    add: (lng, tree) => added.push(`${lng}:${Object.keys(tree).join(',')}`),
    current: () => language,
    preloaded: [['en', 'shell']],
  });
  const arrive = async (key: string) => {
    pending.get(key)?.resolve({ [key]: 'x' });
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    loader,
    fetched,
    added,
    arrive,
    setLanguage: (lng: string) => {
      language = lng;
    },
  };
}

describe('createStringLoader', () => {
  it('loads only the shell of a language until a screen asks for the rest', async () => {
    const h = harness();
    const switched = h.loader.ensureLanguage('bn');
    await h.arrive('bn:shell');
    await switched;
    expect(h.fetched).toEqual(['bn:shell']);
    expect(h.added).toEqual(['bn:bn:shell']);
  });

  it('does not fetch what the entry already holds, and fetches each piece once', async () => {
    const h = harness();
    await h.loader.ensureLanguage('en');
    const first = h.loader.ensureRest();
    const second = h.loader.ensureRest();
    await h.arrive('en:rest');
    await Promise.all([first, second]);
    await h.loader.ensureRest();
    expect(h.fetched).toEqual(['en:rest']);
  });

  it('waits for the rest before a switch once the rest was wanted', async () => {
    const h = harness();
    const rest = h.loader.ensureRest();
    await h.arrive('en:rest');
    await rest;
    let done = false;
    const switched = h.loader.ensureLanguage('th').then(() => {
      done = true;
    });
    await h.arrive('th:shell');
    // The shell alone is not enough: a screen on display uses the rest.
    expect(done).toBe(false);
    await h.arrive('th:rest');
    await switched;
    expect(h.fetched).toEqual(['en:rest', 'th:shell', 'th:rest']);
  });

  it('loads the rest of a language being switched to when asked mid-switch', async () => {
    const h = harness();
    const switched = h.loader.ensureLanguage('fr');
    const rest = h.loader.ensureRest();
    expect(h.fetched).toEqual(['fr:shell', 'en:rest', 'fr:rest']);
    await h.arrive('en:rest');
    await h.arrive('fr:rest');
    await rest;
    await h.arrive('fr:shell');
    await switched;
    h.setLanguage('fr');
    await h.loader.ensureRest();
    expect(h.fetched).toEqual(['fr:shell', 'en:rest', 'fr:rest']);
  });

  it('tries a failed piece again on the next request', async () => {
    const h = harness({ failFirst: 'en:rest' });
    await expect(h.loader.ensureRest()).rejects.toThrow('offline');
    const again = h.loader.ensureRest();
    await h.arrive('en:rest');
    await again;
    expect(h.fetched).toEqual(['en:rest', 'en:rest']);
    expect(h.loader.hasPiece('en', 'rest')).toBe(true);
  });
});
