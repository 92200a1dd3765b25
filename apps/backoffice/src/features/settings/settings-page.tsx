import { type AdminCurrency, type AdminGateway, LANGUAGES } from '@casino/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { controlClasses, TextArea, TextField } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useUrlState } from '../../lib/use-url-state.ts';
import {
  type OperatorSettings,
  useCurrencies,
  useGateways,
  useSaveCurrency,
  useSaveGateway,
  useSaveSettings,
  useSaveThreshold,
  useSettings,
} from './api.ts';
import { type Language, LanguagePicker } from './language-picker.tsx';

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  pt: 'Português',
  bn: 'বাংলা',
  'zh-TW': '繁體中文',
  th: 'ไทย',
  ms: 'Bahasa Melayu',
  fr: 'Français',
  es: 'Español',
};

type Section = 'general' | 'currencies' | 'gateways';

export function SettingsPage() {
  const [state, update] = useUrlState({ section: 'general' });
  const section = state.section as Section;
  return (
    <>
      <PageHeader
        title="Operator settings"
        subtitle="Every change is audited and shows on the player site at once, without a restart."
      />
      <Tabs
        tabs={[
          { id: 'general', label: 'Brand, legal & languages' },
          { id: 'currencies', label: 'Currencies & rates' },
          { id: 'gateways', label: 'Payment gateways' },
        ]}
        value={section}
        onChange={(id) => update({ section: id })}
      />
      <div className="mt-3">
        {section === 'general' && <GeneralSettings />}
        {section === 'currencies' && <Currencies />}
        {section === 'gateways' && <Gateways />}
      </div>
    </>
  );
}

function GeneralSettings() {
  const { can } = useAuth();
  const settings = useSettings();
  const save = useSaveSettings();
  const [legalLanguage, setLegalLanguage] = useState<Language>('en');
  const [draft, setDraft] = useState<OperatorSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (!draft) return <Spinner />;
  const editable = can('settings.write');
  const set = <K extends keyof OperatorSettings>(key: K, value: OperatorSettings[K]) =>
    setDraft({ ...draft, [key]: value });
  const field = (key: keyof OperatorSettings) => ({
    value: draft[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
    error: errors[key],
    disabled: !editable,
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(settings.data);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!draft.brand_name.trim()) problems.brand_name = 'Brand name is required';
    if (draft.languages.length === 0) problems.languages = 'Keep at least one language';
    if (draft.support_number && !/^\+?[0-9 ()-]{6,24}$/.test(draft.support_number))
      problems.support_number = 'Enter a phone number such as +44 20 7946 0000';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const patch = Object.fromEntries(
      Object.entries(draft).filter(
        ([key, value]) =>
          JSON.stringify(value) !== JSON.stringify(settings.data?.[key as keyof OperatorSettings]),
      ),
    );
    save.mutate(patch, {
      onSuccess: () => toast.success('Settings saved; the player site shows them now'),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          setErrors(
            Object.fromEntries(
              error.fieldErrors.map((item) => [item.path.replace(/^body\.?/, ''), item.message]),
            ),
          );
        }
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 xl:grid-cols-2">
      <Card title="Branding & SEO">
        <div className="flex flex-col gap-3">
          <TextField label="Brand name" maxLength={60} {...field('brand_name')} />
          <TextField
            label="Logo URL"
            placeholder="https://… or /logo.svg"
            maxLength={2048}
            {...field('logo_url')}
          />
          <TextField
            label="SEO title"
            maxLength={120}
            hint={`${draft.seo_title.length}/120`}
            {...field('seo_title')}
          />
          <TextArea
            label="SEO description"
            maxLength={320}
            hint={`${draft.seo_description.length}/320`}
            {...field('seo_description')}
          />
        </div>
      </Card>
      <Card title="Licence, company & support">
        <div className="flex flex-col gap-3">
          <LanguagePicker
            label="Language of the legal texts"
            value={legalLanguage}
            onChange={setLegalLanguage}
            written={(language) =>
              language === 'en'
                ? Boolean(draft.licence_text || draft.company_text)
                : Boolean(
                    draft.translations.licence_text?.[language] ||
                      draft.translations.company_text?.[language],
                  )
            }
          />
          {(['licence_text', 'company_text'] as const).map((key) => {
            const label = `${key === 'licence_text' ? 'Licence' : 'Company'} text (${legalLanguage})`;
            if (legalLanguage === 'en')
              return (
                <TextArea
                  key={key}
                  label={label}
                  maxLength={2000}
                  hint="Players in a language without its own text read this one"
                  {...field(key)}
                />
              );
            const texts = draft.translations[key] ?? {};
            return (
              <TextArea
                key={`${key}-${legalLanguage}`}
                label={label}
                maxLength={2000}
                placeholder={draft[key]}
                hint="Empty: players in this language read the English text"
                value={texts[legalLanguage] ?? ''}
                error={errors[`translations.${key}.${legalLanguage}`]}
                disabled={!editable}
                onChange={(event) =>
                  set('translations', {
                    ...draft.translations,
                    [key]: { ...texts, [legalLanguage]: event.target.value },
                  })
                }
              />
            );
          })}
          <TextField
            label="Support messaging number"
            placeholder="+44 20 7946 0000"
            {...field('support_number')}
          />
        </div>
      </Card>
      <Card title="Languages on the player site">
        <fieldset
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
          aria-describedby="languages-error"
        >
          {LANGUAGES.map((language) => {
            const checked = draft.languages.includes(language);
            return (
              <label
                key={language}
                className={cn(
                  'flex h-8 items-center gap-2 rounded-md border px-2.5 text-[13px] whitespace-nowrap',
                  checked ? 'border-accent-500/60 bg-accent-500/10' : 'border-ink-600',
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!editable}
                  onChange={() =>
                    set(
                      'languages',
                      checked
                        ? draft.languages.filter((item) => item !== language)
                        : [...draft.languages, language],
                    )
                  }
                />
                {LANGUAGE_NAMES[language] ?? language}
              </label>
            );
          })}
        </fieldset>
        {errors.languages && (
          <p id="languages-error" role="alert" className="mt-2 text-xs text-negative">
            {errors.languages}
          </p>
        )}
      </Card>
      {editable && (
        <div className="flex items-start justify-end gap-2 xl:col-span-2">
          <Button
            variant="ghost"
            disabled={!dirty}
            onClick={() => {
              setDraft(settings.data ?? null);
              setErrors({});
            }}
          >
            Discard
          </Button>
          <Button type="submit" variant="primary" disabled={!dirty} loading={save.isPending}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}

/** An inline-editable cell: Enter saves, Escape cancels. */
function InlineEdit({
  value,
  label,
  disabled,
  onSave,
  suffix,
  placeholder,
}: {
  value: string;
  label: string;
  disabled: boolean;
  onSave: (value: string) => Promise<unknown>;
  suffix?: string;
  /** Shown dimmed while the value is empty (a translation falling back to English). */
  placeholder?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  if (!editing) {
    return (
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          setDraft(value);
          setEditing(true);
        }}
        className="rounded px-1.5 py-0.5 tabular-nums hover:bg-ink-700 disabled:hover:bg-transparent"
        aria-label={`Edit ${label}`}
      >
        {value || <span className="text-fg-subtle">{placeholder ?? '—'}</span>}
        {suffix && <span className="ml-1 text-fg-subtle">{suffix}</span>}
      </button>
    );
  }
  return (
    <input
      autoFocus
      aria-label={label}
      className={cn(controlClasses, 'h-7 w-32 text-right')}
      value={draft}
      placeholder={placeholder}
      disabled={busy}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => setEditing(false)}
      onKeyDown={async (event) => {
        if (event.key === 'Escape') setEditing(false);
        if (event.key !== 'Enter') return;
        event.preventDefault();
        setBusy(true);
        try {
          await onSave(draft.trim());
          setEditing(false);
        } catch (error) {
          toast.error(errorMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function Currencies() {
  const { can } = useAuth();
  const currencies = useCurrencies();
  const save = useSaveCurrency();
  const threshold = useSaveThreshold();
  const columns: Column<AdminCurrency>[] = [
    {
      key: 'code',
      header: 'Code',
      render: (row) => <span className="font-mono font-medium">{row.code}</span>,
    },
    { key: 'name', header: 'Name', render: (row) => row.name },
    {
      key: 'kind',
      header: 'Kind',
      render: (row) => (
        <Badge tone={row.is_crypto ? 'warning' : 'neutral'}>
          {row.is_crypto ? 'crypto' : 'fiat'}
        </Badge>
      ),
    },
    { key: 'scale', header: 'Decimals', align: 'right', render: (row) => row.scale },
    {
      key: 'rate',
      header: 'Units per 1 EUR',
      align: 'right',
      render: (row) => (
        <InlineEdit
          label={`${row.code} rate to EUR`}
          value={row.rate_to_eur ?? ''}
          disabled={!can('currencies.write') || row.code === 'EUR'}
          onSave={(value) =>
            save
              .mutateAsync({ id: row.id, rate_to_eur: value === '' ? null : value })
              .then(() => toast.success(`${row.code} rate saved`))
          }
        />
      ),
    },
    {
      key: 'threshold',
      header: 'Approval above',
      align: 'right',
      render: (row) => (
        <InlineEdit
          label={`${row.code} approval threshold`}
          value={row.approval_threshold}
          suffix={row.code}
          disabled={!can('balance.thresholds.write')}
          onSave={(value) =>
            threshold
              .mutateAsync({ id: row.id, approval_threshold: value })
              .then(() => toast.success(`${row.code} threshold saved`))
          }
        />
      ),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`${row.code} enabled`}
          checked={row.enabled}
          disabled={!can('currencies.write')}
          onChange={() =>
            save.mutate(
              { id: row.id, enabled: !row.enabled },
              { onError: (error) => toast.error(errorMessage(error)) },
            )
          }
        />
      ),
    },
  ];
  return (
    <>
      <p className="mb-2 text-xs text-fg-subtle">
        Click a rate or threshold to edit it; Enter saves, Escape cancels. Rates are exact decimals.
      </p>
      <DataTable
        label="Currencies"
        columns={columns}
        rows={currencies.data ?? []}
        rowKey={(row) => row.id}
        loading={currencies.isLoading}
      />
    </>
  );
}

function Gateways() {
  const { can } = useAuth();
  const gateways = useGateways();
  const save = useSaveGateway();
  const [language, setLanguage] = useState<Language>('en');
  const columns: Column<AdminGateway>[] = [
    {
      key: 'id',
      header: 'ID',
      render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
    },
    {
      key: 'name',
      header: language === 'en' ? 'Name' : `Name (${language})`,
      render: (row) =>
        language === 'en' ? (
          <InlineEdit
            label={`${row.uniquename} name`}
            value={row.name}
            disabled={!can('gateways.write')}
            onSave={(value) =>
              save
                .mutateAsync({ id: row.id, name: value })
                .then(() => toast.success('Gateway saved'))
            }
          />
        ) : (
          <InlineEdit
            key={language}
            label={`${row.uniquename} name in ${language}`}
            value={row.name_translations[language] ?? ''}
            placeholder={row.name}
            disabled={!can('gateways.write')}
            onSave={(value) =>
              save
                .mutateAsync({
                  id: row.id,
                  name_translations: { ...row.name_translations, [language]: value },
                })
                .then(() => toast.success('Gateway saved'))
            }
          />
        ),
    },
    {
      key: 'uniquename',
      header: 'Code',
      render: (row) => <span className="font-mono text-xs">{row.uniquename}</span>,
    },
    {
      key: 'fee',
      header: 'Fee',
      align: 'right',
      render: (row) => (
        <InlineEdit
          label={`${row.uniquename} fee percent`}
          value={row.fee_percent}
          suffix="%"
          disabled={!can('gateways.write')}
          onSave={(value) =>
            save
              .mutateAsync({ id: row.id, fee_percent: value })
              .then(() => toast.success('Fee saved'))
          }
        />
      ),
    },
    {
      key: 'payout',
      header: 'Expected payout time',
      align: 'right',
      render: (row) => (
        <span className="inline-flex flex-col items-end">
          <InlineEdit
            label={`${row.uniquename} expected payout minutes`}
            value={row.payout_expected_minutes === null ? '' : String(row.payout_expected_minutes)}
            suffix="min"
            disabled={!can('gateways.write')}
            onSave={(value) => {
              // Empty gives the method's default back; otherwise whole minutes (1 to 30 days).
              const minutes = value === '' ? null : Number(value);
              if (minutes !== null && !/^\d{1,5}$/.test(value)) {
                return Promise.reject(
                  new Error('Enter whole minutes, or leave empty for the default'),
                );
              }
              return save
                .mutateAsync({ id: row.id, payout_expected_minutes: minutes })
                .then(() => toast.success('Expected payout time saved'));
            }}
          />
          {row.payout_expected_minutes === null && (
            <span className="text-xs text-fg-subtle">default {row.payout_minutes} min</span>
          )}
        </span>
      ),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`${row.uniquename} enabled`}
          checked={row.enabled}
          disabled={!can('gateways.write')}
          onChange={() =>
            save.mutate(
              { id: row.id, enabled: !row.enabled },
              { onError: (error) => toast.error(errorMessage(error)) },
            )
          }
        />
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span>Names players read in</span>
        <LanguagePicker
          label="Language of the gateway names"
          value={language}
          onChange={setLanguage}
          written={(code) =>
            code === 'en' || (gateways.data ?? []).some((row) => row.name_translations[code])
          }
        />
      </div>
      <DataTable
        label="Payment gateways"
        columns={columns}
        rows={gateways.data ?? []}
        rowKey={(row) => row.id}
        loading={gateways.isLoading}
      />
    </div>
  );
}
