import { z } from 'zod';

/**
 * Operator-written text in the languages other than English (decision 0981): the English text
 * stays in the entity's own field, and a language missing here (or empty) falls back to it.
 */
export const TRANSLATED_LANGUAGES = ['pt', 'bn', 'zh-TW', 'th', 'ms', 'fr', 'es'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

const isTranslated = (key: string): key is TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(key);

/**
 * `{ bn: "…", "zh-TW": "…" }`: known languages only, each text trimmed and at most `max`; an
 * empty text removes that language (it falls back to English again).
 */
export const translations = (max: number) =>
  z.record(
    z
      .string()
      .max(8)
      .refine(isTranslated, {
        message: `must be one of ${TRANSLATED_LANGUAGES.join(', ')} (English is the main field)`,
      }),
    z.string().trim().max(max, `at most ${max} characters`),
  );

/** The texts without the emptied languages, as they are stored. */
export const writtenTranslations = (texts: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));

/** The text in `language` when the operator wrote one, else the English one. */
export function localized(
  english: string,
  texts: Partial<Record<string, string>> | null | undefined,
  language: string | undefined,
): string {
  return (language && texts?.[language]) || english;
}
