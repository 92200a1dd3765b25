import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../../app/routes/require-auth.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useLoyalty } from '../api/loyalty.ts';
import { LevelCard } from './level-card.tsx';
import { eur, LevelProgress } from './level-progress.tsx';
import { RaceSection } from './races/race-section.tsx';
import { RakebackCard } from './rakeback-card.tsx';

/** /vip: the player's level and progress, claimable rakeback, and every level's benefits. */
export function VipPage() {
  const { t } = useTranslation();
  const title = t('vip.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('vip.subtitle')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}
    >
      <RequireAuth>
        <VipBody />
      </RequireAuth>
    </PageFrame>
  );
}

function VipBody() {
  const { t, i18n } = useTranslation();
  const loyalty = useLoyalty({ live: true });
  const data = loyalty.data;
  if (loyalty.isError)
    return (
      <p role="alert" className="text-sm text-negative">
        {t('vip.loadFailed')}
      </p>
    );
  if (!data)
    return (
      <div className="grid gap-4 md:grid-cols-2">
        <div className="h-44 animate-pulse rounded-2xl border border-ink-700 bg-ink-850" />
        <div className="h-44 animate-pulse rounded-2xl border border-ink-700 bg-ink-850" />
      </div>
    );
  const rank = data.level?.rank ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="vip-level-heading"
          className="relative flex flex-col gap-4 overflow-hidden rounded-2xl border border-ink-700 bg-gradient-to-br from-accent-700/60 via-ink-850 to-ink-850 p-5"
        >
          <div
            aria-hidden="true"
            className="absolute -top-16 -right-16 size-56 rounded-full bg-accent-500/20 blur-3xl"
          />
          <div className="relative">
            <h2
              id="vip-level-heading"
              className="text-[13px] font-semibold tracking-wider text-fg-subtle uppercase"
            >
              {t('vip.yourLevel')}
            </h2>
            <p className="mt-1 text-3xl font-black tracking-tight text-fg">
              {data.level?.name ?? t('vip.noLevel')}
            </p>
            <p className="mt-1 text-sm text-fg-muted">
              {t('vip.wagered', { amount: eur(data.wagered, i18n.language) })}
            </p>
          </div>
          <div className="relative">
            <LevelProgress overview={data} />
          </div>
        </section>
        <RakebackCard overview={data} />
      </div>
      <RaceSection />
      <section aria-labelledby="vip-levels" className="flex flex-col gap-3">
        <h2 id="vip-levels" className="text-lg font-semibold text-fg">
          {t('vip.levels')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {data.levels.map((level) => (
            <LevelCard
              key={level.rank}
              level={level}
              state={level.rank === rank ? 'current' : level.rank < rank ? 'reached' : 'ahead'}
            />
          ))}
        </ul>
        <p className="text-[13px] text-fg-subtle">{t('vip.fineprint')}</p>
      </section>
    </div>
  );
}
