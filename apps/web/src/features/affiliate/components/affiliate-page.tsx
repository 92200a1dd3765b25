import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../../app/routes/require-auth.tsx';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { TextField } from '../../../components/field.tsx';
import { CheckIcon, CopyIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  type Referral,
  useAffiliateOverview,
  useCampaigns,
  useCreateCampaign,
  useReferrals,
} from '../api/affiliate.ts';

/** Spec §9: the copy check mark shows for 1 second. */
const COPIED_MS = 1_000;

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      // Clipboard refused (insecure context): the text stays selectable.
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={copy}
      aria-label={label}
      icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
    >
      {copied ? t('affiliate.copied') : t('affiliate.copy')}
    </Button>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-ink-700 bg-ink-850 px-4 py-3">
      <div className="text-[13px] text-fg-subtle">{label}</div>
      <div className="mt-1 text-2xl font-bold tabular-nums text-fg">{value}</div>
    </div>
  );
}

const STATUS_TONE: Record<Referral['status'], string> = {
  registered: 'bg-ink-700 text-fg-muted',
  deposited: 'bg-accent-500/15 text-accent-300',
  active: 'bg-positive/15 text-positive',
};

export function AffiliatePage() {
  const { t } = useTranslation();
  const title = t('pages.referral.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('affiliate.subtitle')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}
    >
      <RequireAuth>
        <AffiliateBody />
      </RequireAuth>
    </PageFrame>
  );
}

function AffiliateBody() {
  const { t, i18n } = useTranslation();
  const overview = useAffiliateOverview();
  const campaigns = useCampaigns();
  const referrals = useReferrals();
  const create = useCreateCampaign();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const date = (iso: string) => formatDate(iso, i18n.language);
  const createError =
    create.error instanceof ApiError
      ? create.error.message
      : create.error
        ? t('affiliate.createFailed')
        : null;
  const data = overview.data;
  return (
    <div className="flex flex-col gap-6">
      <section className="relative overflow-hidden rounded-2xl border border-ink-700 bg-gradient-to-br from-accent-700/60 via-ink-850 to-ink-850 p-5 sm:p-6">
        <div
          aria-hidden="true"
          className="absolute -right-16 -top-16 size-56 rounded-full bg-accent-500/20 blur-3xl"
        />
        <h2 className="relative text-lg font-semibold text-fg">{t('affiliate.yourLink')}</h2>
        <p className="relative mt-1 text-sm text-fg-muted">
          {t('affiliate.share', { percent: data ? Number(data.revenue_share_percent) : '—' })}
        </p>
        <div className="relative mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            className="min-h-10 flex-1 truncate rounded-lg border border-ink-600 bg-ink-950/70 px-3 py-2.5 font-mono text-sm text-fg"
            data-testid="referral-link"
          >
            {data?.referral_link ?? ' '}
          </code>
          {data && <CopyButton text={data.referral_link} label={t('affiliate.copyLink')} />}
        </div>
        <p className="relative mt-2 text-[13px] text-fg-subtle">
          {t('affiliate.code', { code: data?.referral_code ?? '—' })}
        </p>
      </section>

      <section
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
        aria-label={t('affiliate.figures')}
      >
        <Stat label={t('affiliate.clicks')} value={data?.clicks ?? '—'} />
        <Stat label={t('affiliate.signups')} value={data?.signups ?? '—'} />
        <Stat label={t('affiliate.firstDeposits')} value={data?.first_deposits ?? '—'} />
        <Stat label={t('affiliate.active')} value={data?.active ?? '—'} />
      </section>

      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-fg">{t('affiliate.campaigns')}</h2>
        <form
          className="grid gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { name: name.trim(), code: code.trim() },
              {
                onSuccess: () => {
                  setName('');
                  setCode('');
                },
              },
            );
          }}
        >
          <TextField
            label={t('affiliate.campaignName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
            required
          />
          <TextField
            label={t('affiliate.campaignCode')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={32}
            required
          />
          <Button type="submit" loading={create.isPending} data-testid="create-campaign">
            {t('affiliate.create')}
          </Button>
          <p className="-mt-1 text-[13px] text-fg-subtle sm:col-span-3">
            {t('affiliate.codeHint')}
          </p>
          {createError && (
            <p role="alert" className="text-[13px] text-negative sm:col-span-3">
              {createError}
            </p>
          )}
        </form>
        {(campaigns.data ?? []).length > 0 && (
          <div className="overflow-x-auto rounded-2xl border border-ink-700">
            <table className="w-full min-w-[36rem] text-sm" data-testid="campaigns">
              <thead className="bg-ink-850 text-left text-[13px] text-fg-subtle">
                <tr>
                  <th className="px-4 py-2.5 font-medium">{t('affiliate.campaignName')}</th>
                  <th className="px-4 py-2.5 font-medium">{t('affiliate.campaignCode')}</th>
                  <th className="px-4 py-2.5 text-right font-medium">{t('affiliate.clicks')}</th>
                  <th className="px-4 py-2.5 text-right font-medium">{t('affiliate.signups')}</th>
                  <th className="px-4 py-2.5 text-right font-medium">
                    {t('affiliate.firstDeposits')}
                  </th>
                  <th className="px-4 py-2.5" />
                </tr>
              </thead>
              <tbody>
                {campaigns.data!.map((row) => (
                  <tr key={row.id} className="border-t border-ink-700">
                    <td className="px-4 py-2.5 text-fg">{row.name}</td>
                    <td className="px-4 py-2.5 font-mono text-fg-muted">{row.code}</td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{row.clicks}</td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{row.signups}</td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{row.first_deposits}</td>
                    <td className="px-4 py-2.5 text-right">
                      <CopyButton
                        text={row.link}
                        label={t('affiliate.copyLinkOf', { name: row.name })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold text-fg">{t('affiliate.referrals')}</h2>
          {(referrals.data ?? []).length === 0 ? (
            <p className="rounded-2xl border border-dashed border-ink-600 px-4 py-6 text-center text-sm text-fg-muted">
              {t('affiliate.noReferrals')}
            </p>
          ) : (
            <ul
              className="divide-y divide-ink-700 rounded-2xl border border-ink-700"
              data-testid="referrals"
            >
              {referrals.data!.map((row) => (
                <li
                  key={`${row.player}-${row.signed_up_at}`}
                  className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm"
                >
                  <span className="min-w-0">
                    <span className="font-medium text-fg">{row.player}</span>
                    <span className="ml-2 text-[13px] text-fg-subtle">
                      {date(row.signed_up_at)}
                      {row.campaign ? ` · ${row.campaign}` : ''}
                    </span>
                  </span>
                  <span
                    className={cn(
                      'rounded-md px-2 py-0.5 text-[12px] font-semibold',
                      STATUS_TONE[row.status],
                    )}
                  >
                    {t(`affiliate.status.${row.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold text-fg">{t('affiliate.earnings')}</h2>
          {(data?.commissions ?? []).length === 0 ? (
            <p className="rounded-2xl border border-dashed border-ink-600 px-4 py-6 text-center text-sm text-fg-muted">
              {t('affiliate.noEarnings')}
            </p>
          ) : (
            <ul
              className="divide-y divide-ink-700 rounded-2xl border border-ink-700"
              data-testid="commissions"
            >
              {data!.commissions.map((row) => (
                <li
                  key={`${row.period}-${row.currency}`}
                  className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm"
                >
                  <span className="text-fg">{row.period}</span>
                  <span className="text-[13px] text-fg-subtle">
                    {t('affiliate.ngr', { amount: `${row.ngr} ${row.currency}` })}
                  </span>
                  <span className="font-semibold tabular-nums text-positive">
                    {row.commission} {row.currency}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
