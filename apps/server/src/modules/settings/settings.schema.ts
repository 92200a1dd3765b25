import { LANGUAGES, translations } from '@casino/contracts';
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

/** Operator settings: stored as rows of `operator_settings`, validated here on every write. */
export const operatorSettings = z.object({
  brand_name: text(60).min(1, 'Brand name is required'),
  logo_url: z.union([
    z.literal(''),
    z
      .string()
      .max(2048)
      .regex(/^(https:\/\/|\/)/, 'Logo must be an https:// URL or a path'),
  ]),
  seo_title: text(120),
  seo_description: text(320),
  licence_text: text(2000),
  company_text: text(2000),
  support_number: z.union([
    z.literal(''),
    z.string().regex(/^\+?[0-9 ()-]{6,24}$/, 'Support number must be a phone number'),
  ]),
  languages: z
    .array(z.enum(LANGUAGES))
    .min(1, 'At least one language must stay enabled')
    .refine((list) => new Set(list).size === list.length, 'Languages must not repeat'),
  cors_origins: z.array(z.url().max(255)).max(20),
  /**
   * The legal texts in other languages (decision 0981); the fields above are English and the
   * fallback. Each text sent replaces its languages; one left out keeps them.
   */
  translations: z.object({
    licence_text: translations(2000).optional(),
    company_text: translations(2000).optional(),
  }),
});
export type OperatorSettings = z.infer<typeof operatorSettings>;
export const operatorSettingsPatch = operatorSettings.partial();

export const SETTINGS_DEFAULTS: OperatorSettings = {
  brand_name: 'Casino',
  logo_url: '',
  seo_title: '',
  seo_description: '',
  licence_text: '',
  company_text: '',
  support_number: '',
  languages: [...LANGUAGES],
  cors_origins: [],
  translations: {},
};
