import { localized, type PublicSettings, writtenTranslations } from '@casino/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { SettingsRepository } from './settings.repository.ts';
import {
  type OperatorSettings,
  operatorSettings,
  operatorSettingsPatch,
  SETTINGS_DEFAULTS,
} from './settings.schema.ts';

/**
 * Read from the database on every call: settings change from the back office and
 * must show on every instance at once, and the query is a primary-key scan of a
 * dozen rows.
 */
export class SettingsService {
  constructor(
    private readonly repository: SettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<OperatorSettings> {
    const stored = await this.repository.all();
    const merged = { ...SETTINGS_DEFAULTS, ...stored };
    const parsed = operatorSettings.safeParse(merged);
    // A row written by an older version may no longer validate; fall back per key.
    if (parsed.success) return parsed.data;
    const result = { ...SETTINGS_DEFAULTS } as Record<string, unknown>;
    for (const key of Object.keys(SETTINGS_DEFAULTS)) {
      const field = operatorSettings.shape[key as keyof OperatorSettings];
      const value = field.safeParse(stored[key]);
      if (value.success) result[key] = value.data;
    }
    return result as OperatorSettings;
  }

  /** What the player site shows, the legal texts in `language` where written (else English). */
  async getPublic(language?: string): Promise<PublicSettings> {
    const { cors_origins: _hidden, translations, ...visible } = await this.get();
    return {
      ...visible,
      licence_text: localized(visible.licence_text, translations.licence_text, language),
      company_text: localized(visible.company_text, translations.company_text, language),
    };
  }

  /**
   * What the served pages' head carries: the SEO title (the brand when the operator set none),
   * the description, the brand for the loading screen, and `GET /settings/public`'s data
   * inlined so the first render has the brand without a request.
   */
  async siteHead() {
    const current = await this.get();
    return {
      title: current.seo_title || current.brand_name,
      description: current.seo_description,
      brand: current.brand_name,
      boot: { 'settings/public': await this.getPublic() },
    };
  }

  async update(patch: unknown, actor: AuditActor): Promise<OperatorSettings> {
    const parsed = operatorSettingsPatch.safeParse(patch);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('VALIDATION_FAILED', `${issue.path.join('.')}: ${issue.message}`, {
        errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const before = await this.get();
    if (parsed.data.translations) {
      // Per text: a text sent replaces its languages, a text left out keeps them.
      const sent = parsed.data.translations;
      parsed.data.translations = { ...before.translations };
      for (const key of ['licence_text', 'company_text'] as const) {
        const texts = sent[key];
        if (texts) parsed.data.translations[key] = writtenTranslations(texts);
      }
    }
    const changed = Object.fromEntries(
      Object.entries(parsed.data).filter(
        ([key, value]) =>
          JSON.stringify(before[key as keyof OperatorSettings]) !== JSON.stringify(value),
      ),
    );
    if (Object.keys(changed).length === 0) return before;
    await this.repository.upsert(changed);
    await this.audit.record({
      actor,
      action: 'settings.update',
      target: { type: 'settings', id: 'operator' },
      before: Object.fromEntries(
        Object.keys(changed).map((key) => [key, before[key as keyof OperatorSettings]]),
      ),
      after: changed,
    });
    return this.get();
  }

  /** Seeds values without overwriting what an operator has set. */
  seedMissing(values: Partial<OperatorSettings>): Promise<void> {
    return this.repository.upsert(values, true);
  }

  /** Production refuses to run without the legal texts a licensed operator must show. */
  async missingLegalTexts(): Promise<string[]> {
    const settings = await this.get();
    return (['licence_text', 'company_text'] as const).filter((key) => settings[key].trim() === '');
  }
}
