import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../../app/routes/require-auth.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ShieldIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type PeriodLimits,
  type ProtectionStatus,
  useMarketing,
  useProtection,
  useSelfExclude,
  useSetLimits,
  useTimeout,
} from '../api/protection.ts';

const PERIODS = ['daily', 'weekly', 'monthly'] as const;
const TIMEOUT_DAYS = [1, 3, 7, 14, 30, 42] as const;
const EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
const SESSION_MINUTES = [30, 60, 120, 180, 240, 480] as const;
const REALITY_MINUTES = [15, 30, 60, 120] as const;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const title = t('pages.responsibleGaming.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('protection.subtitle')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}
    >
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <RequireAuth>
            <Tools />
          </RequireAuth>
        </div>
        <aside className="flex flex-col gap-3 self-start rounded-2xl border border-ink-700 bg-ink-850 p-5 text-sm leading-relaxed text-fg-muted">
          <div className="flex items-center gap-2 text-fg">
            <ShieldIcon size={20} className="text-accent-400" />
            <h2 className="font-semibold">{t('protection.aboutTitle')}</h2>
          </div>
          <p>{t('protection.about1')}</p>
          <p>{t('protection.about2')}</p>
          <p>{t('protection.about3')}</p>
        </aside>
      </div>
    </PageFrame>
  );
}

function Section({
  title,
  body,
  children,
}: {
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <div>
        <h2 className="text-base font-semibold text-fg">{title}</h2>
        <p className="mt-1 text-[13px] leading-relaxed text-fg-muted">{body}</p>
      </div>
      {children}
    </section>
  );
}

function Tools() {
  const { t, i18n } = useTranslation();
  const status = useProtection();
  if (!status.data)
    return <div className="h-96 animate-pulse rounded-2xl border border-ink-700 bg-ink-850" />;
  return (
    <>
      {status.data.self_excluded && (
        <p
          role="status"
          className="rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
          data-testid="excluded-notice"
        >
          {status.data.self_excluded_permanent
            ? t('protection.excludedPermanent')
            : t('protection.excludedUntil', {
                date: formatDate(status.data.self_excluded_until!, i18n.language),
              })}
        </p>
      )}
      <LimitsForm status={status.data} />
      <PlayLimitsForm status={status.data} />
      <SessionForm status={status.data} />
      <TimeoutForm status={status.data} />
      <ExclusionForm status={status.data} />
      <MarketingForm status={status.data} />
    </>
  );
}

function LimitsForm({ status }: { status: ProtectionStatus }) {
  const { t, i18n } = useTranslation();
  const save = useSetLimits();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues(Object.fromEntries(PERIODS.map((p) => [p, status.limits[p] ?? ''])));
  }, [status.limits]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(
      PERIODS.filter((p) => (values[p] ?? '') !== (status.limits[p] ?? '')).map((p) => [
        p,
        values[p]?.trim() ? values[p]!.trim() : null,
      ]),
    );
    if (Object.keys(changed).length === 0) return;
    save.mutate(changed, {
      onSuccess: (next) =>
        toast.success(next.pending ? t('protection.limitsPending') : t('protection.limitsSaved')),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : errorText(error)),
    });
  };
  return (
    <Section title={t('protection.limitsTitle')} body={t('protection.limitsBody')}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="limits-form">
        <div className="grid gap-3 sm:grid-cols-3">
          {PERIODS.map((period) => (
            <TextField
              key={period}
              label={t(`protection.${period}`, { currency: status.currency ?? '' })}
              inputMode="decimal"
              placeholder={t('protection.noLimit')}
              value={values[period] ?? ''}
              onChange={(event) =>
                setValues((current) => ({ ...current, [period]: event.target.value }))
              }
            />
          ))}
        </div>
        {status.pending && (
          <p className="text-[13px] text-fg-muted" data-testid="pending-limits">
            {t('protection.pendingAt', {
              date: formatDateTime(status.pending.effective_at, i18n.language),
              limits: Object.entries(status.pending.limits)
                .map(([p, v]) => `${pendingLabel(t, p)}: ${pendingValue(t, p, v)}`)
                .join(', '),
            })}
          </p>
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('protection.saveLimits')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
/** A pending setting's name: deposit limits by period, the others by their own key. */
const pendingLabel = (t: T, key: string) =>
  (PERIODS as readonly string[]).includes(key)
    ? t(`protection.periodName.${key}`)
    : t(`compliance.setting.${key}`);
const pendingValue = (t: T, key: string, value: string | null) =>
  value === null
    ? t('protection.noLimit')
    : key.endsWith('_minutes')
      ? t('compliance.minutesShort', { count: Number(value) })
      : value;

/** Loss and wager limits: the same cooling-off rules as deposit limits. */
function PlayLimitsForm({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const save = useSetLimits();
  const initial = () =>
    Object.fromEntries(
      (['loss', 'wager'] as const).flatMap((kind) =>
        PERIODS.map((p) => [`${kind}.${p}`, status[`${kind}_limits`][p] ?? '']),
      ),
    );
  const [values, setValues] = useState<Record<string, string>>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the server's limits change
  useEffect(() => setValues(initial()), [status.loss_limits, status.wager_limits]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: { loss?: PeriodLimits; wager?: PeriodLimits } = {};
    for (const kind of ['loss', 'wager'] as const) {
      for (const p of PERIODS) {
        const value = values[`${kind}.${p}`]?.trim() ?? '';
        if (value === (status[`${kind}_limits`][p] ?? '')) continue;
        input[kind] = { ...input[kind], [p]: value || null };
      }
    }
    if (!input.loss && !input.wager) return;
    save.mutate(input, {
      onSuccess: (next) =>
        toast.success(next.pending ? t('protection.limitsPending') : t('protection.limitsSaved')),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : errorText(error)),
    });
  };
  return (
    <Section title={t('compliance.playLimitsTitle')} body={t('compliance.playLimitsBody')}>
      <form
        className="flex flex-col gap-4"
        onSubmit={submit}
        noValidate
        data-testid="play-limits-form"
      >
        {(['loss', 'wager'] as const).map((kind) => (
          <fieldset key={kind} className="flex flex-col gap-2">
            <legend className="mb-2 text-[13px] font-semibold text-fg">
              {t(`compliance.${kind}Limits`)}
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {PERIODS.map((period) => (
                <TextField
                  key={period}
                  label={t(`protection.${period}`, { currency: status.currency ?? '' })}
                  aria-label={`${t(`compliance.${kind}Limits`)}: ${t(`protection.periodName.${period}`)}`}
                  inputMode="decimal"
                  placeholder={t('protection.noLimit')}
                  value={values[`${kind}.${period}`] ?? ''}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      [`${kind}.${period}`]: event.target.value,
                    }))
                  }
                />
              ))}
            </div>
          </fieldset>
        ))}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('protection.saveLimits')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** The session time limit and the reality check interval. */
function SessionForm({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const save = useSetLimits();
  const [session, setSession] = useState(String(status.session_limit_minutes ?? ''));
  const [reality, setReality] = useState(String(status.reality_check_minutes ?? ''));
  useEffect(() => {
    setSession(String(status.session_limit_minutes ?? ''));
    setReality(String(status.reality_check_minutes ?? ''));
  }, [status.session_limit_minutes, status.reality_check_minutes]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      session_limit_minutes: session ? Number(session) : null,
      reality_check_minutes: reality ? Number(reality) : null,
    };
    // Only what changed: an unchanged setting is neither re-saved nor listed in the history.
    const changed = Object.fromEntries(
      Object.entries(next).filter(([k, v]) => v !== status[k as keyof typeof next]),
    );
    if (Object.keys(changed).length === 0) return;
    save.mutate(changed, {
      onSuccess: (next) =>
        toast.success(next.pending ? t('protection.limitsPending') : t('protection.limitsSaved')),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : errorText(error)),
    });
  };
  const options = (values: readonly number[], current: number | null) =>
    [...new Set([...values, ...(current ? [current] : [])])].sort((a, b) => a - b);
  return (
    <Section title={t('compliance.sessionTitle')} body={t('compliance.sessionBody')}>
      <form className="flex flex-col gap-4" onSubmit={submit} data-testid="session-form">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('compliance.sessionLimit')}
            value={session}
            onChange={(event) => setSession(event.target.value)}
          >
            <option value="">{t('protection.noLimit')}</option>
            {options(SESSION_MINUTES, status.session_limit_minutes).map((m) => (
              <option key={m} value={m}>
                {t('compliance.minutesShort', { count: m })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('compliance.realityEvery')}
            value={reality}
            onChange={(event) => setReality(event.target.value)}
          >
            <option value="">{t('compliance.realityOff')}</option>
            {options(REALITY_MINUTES, status.reality_check_minutes).map((m) => (
              <option key={m} value={m}>
                {t('compliance.minutesShort', { count: m })}
              </option>
            ))}
          </SelectField>
        </div>
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('protection.saveLimits')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Marketing opt-out; self-exclusion stops marketing whatever this says. */
function MarketingForm({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const save = useMarketing();
  return (
    <Section title={t('compliance.marketingTitle')} body={t('compliance.marketingBody')}>
      <label className="flex items-center gap-3 text-sm text-fg">
        <input
          type="checkbox"
          className="size-5 accent-accent-500"
          checked={!status.marketing_opt_out}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { opt_out: !event.target.checked },
              {
                onSuccess: () => toast.success(t('protection.limitsSaved')),
                onError: (error) => toast.error(errorText(error)),
              },
            )
          }
          data-testid="marketing-opt-in"
        />
        {t('compliance.marketingLabel')}
      </label>
    </Section>
  );
}

function TimeoutForm({ status }: { status: ProtectionStatus }) {
  const { t, i18n } = useTranslation();
  const start = useTimeout();
  const [days, setDays] = useState<number>(7);
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title={t('protection.timeoutTitle')} body={t('protection.timeoutBody')}>
      {status.timeout_until ? (
        <p className="text-sm text-fg" data-testid="timeout-until">
          {t('protection.timeoutUntil', {
            date: formatDateTime(status.timeout_until, i18n.language),
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('protection.duration')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          className="w-44"
        >
          {TIMEOUT_DAYS.map((d) => (
            <option key={d} value={d}>
              {t('protection.days', { count: d })}
            </option>
          ))}
        </SelectField>
        {confirming ? (
          <Button
            loading={start.isPending}
            onClick={() =>
              start.mutate(
                { days },
                {
                  onSuccess: () => setConfirming(false),
                  onError: (error) => toast.error(errorText(error)),
                },
              )
            }
            data-testid="timeout-confirm"
          >
            {t('protection.confirmTimeout', { count: days })}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('protection.takeBreak')}
          </Button>
        )}
      </div>
    </Section>
  );
}

function ExclusionForm({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const exclude = useSelfExclude();
  const [months, setMonths] = useState<string>('6');
  const [confirming, setConfirming] = useState(false);
  if (status.self_excluded_permanent) return null;
  return (
    <Section title={t('protection.exclusionTitle')} body={t('protection.exclusionBody')}>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('protection.duration')}
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          className="w-44"
        >
          {EXCLUSION_MONTHS.map((m) => (
            <option key={m} value={m}>
              {m < 12
                ? t('protection.months', { count: m })
                : t('protection.years', { count: m / 12 })}
            </option>
          ))}
          <option value="permanent">{t('protection.permanent')}</option>
        </SelectField>
        {confirming ? (
          <Button
            variant="danger"
            loading={exclude.isPending}
            onClick={() =>
              exclude.mutate(
                { months: months === 'permanent' ? 'permanent' : Number(months) },
                {
                  onSuccess: () => setConfirming(false),
                  onError: (error) => toast.error(errorText(error)),
                },
              )
            }
            data-testid="exclusion-confirm"
          >
            {t('protection.confirmExclusion')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t('protection.selfExclude')}
          </Button>
        )}
      </div>
    </Section>
  );
}
