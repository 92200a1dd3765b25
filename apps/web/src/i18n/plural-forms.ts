type Tree = { [key: string]: string | Tree };

/**
 * French, Portuguese and Spanish have a `many` plural category (Intl.PluralRules: 1 000 000 and
 * other large round numbers), written like `other` for the numbers the site shows. i18next would
 * look for `_many` and, not finding it, answer in English; the locale files keep one `_other`
 * per key (locales.test.ts keeps every language's keys equal), so the `_many` forms are filled
 * from it when a bundle loads.
 */
export function withPluralForms<T extends Tree>(language: string, bundle: T): T {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  if (!categories.includes('many')) return bundle;
  const fill = (tree: Tree): Tree => {
    const out: Tree = {};
    for (const [key, value] of Object.entries(tree)) {
      out[key] = typeof value === 'string' ? value : fill(value);
      const base = key.endsWith('_other') ? key.slice(0, -'_other'.length) : null;
      if (base !== null && typeof value === 'string' && !(`${base}_many` in tree))
        out[`${base}_many`] = value;
    }
    return out;
  };
  return fill(bundle) as T;
}
