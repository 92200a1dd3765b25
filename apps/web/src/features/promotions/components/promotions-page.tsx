import type { PlayerBonus, PlayerFreeSpins, Promotion } from '@casino/contracts/promotions';
import i18n from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { GiftIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveCoupon } from '../../../lib/coupon.ts';
import { formatDate, formatPercent } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import {
  useBonuses,
  useClaimPromotion,
  useForfeitBonus,
  useFreeSpins,
  usePromotions,
} from '../api/promotions.ts';

/** Amounts come as exact decimal strings; shown with the currency code, trailing ".00" dropped. */
function money(amount: string | null, currency: string | null): string | null {
  if (amount === null) return null;
  const trimmed = amount.endsWith('.00') ? amount.slice(0, -3) : amount;
  return currency ? `${trimmed} ${currency}` : trimmed;
}

function percentText(percent: string | null): string {
  if (!percent) return '';
  return formatPercent(percent, i18n.language, 3);
}

export function PromotionsPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const promotions = usePromotions();
  const bonuses = useBonuses();
  const active = (bonuses.data ?? []).filter((bonus) => bonus.status === 'active');
  const spins = (useFreeSpins().data ?? []).filter((grant) => grant.status === 'active');
  const title = t('promotions.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('promotions.subtitle')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}
    >
      {auth.isAuthenticated && active.length > 0 && (
        <section aria-labelledby="my-bonuses" className="flex flex-col gap-3">
          <h2 id="my-bonuses" className="text-lg font-semibold text-fg">
            {t('promotions.myBonuses')}
          </h2>
          <div className="grid gap-3 md:grid-cols-2">
            {active.map((bonus) => (
              <BonusCard key={bonus.id} bonus={bonus} />
            ))}
          </div>
        </section>
      )}
      {auth.isAuthenticated && spins.length > 0 && (
        <section aria-labelledby="my-free-spins" className="flex flex-col gap-3">
          <h2 id="my-free-spins" className="text-lg font-semibold text-fg">
            {t('promotions.myFreeSpins')}
          </h2>
          <div className="grid gap-3 md:grid-cols-2">
            {spins.map((grant) => (
              <FreeSpinsCard key={grant.id} grant={grant} />
            ))}
          </div>
        </section>
      )}
      <section
        aria-label={t('promotions.offers')}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      >
        {promotions.isPending &&
          [0, 1, 2].map((index) => (
            <div
              key={index}
              className="h-[23rem] animate-pulse rounded-2xl border border-ink-700 bg-ink-850"
            />
          ))}
        {promotions.data?.map((promotion) => (
          <PromotionCard key={promotion.id} promotion={promotion} />
        ))}
      </section>
      {promotions.data?.length === 0 && (
        <EmptyState
          icon={<GiftIcon size={26} />}
          title={t('pages.promotions.emptyTitle')}
          body={t('pages.promotions.emptyBody')}
        />
      )}
      {promotions.isError && (
        <p role="alert" className="text-sm text-negative">
          {t('promotions.loadFailed')}
        </p>
      )}
    </PageFrame>
  );
}

function Headline({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  if (promotion.kind === 'deposit_match') {
    return (
      <>
        <span className="text-4xl font-black tracking-tight text-white drop-shadow">
          {percentText(promotion.percent)}
        </span>
        {promotion.max_bonus && (
          <span className="text-sm font-medium text-white/85">
            {t('promotions.upTo', { amount: money(promotion.max_bonus, promotion.currency) })}
          </span>
        )}
      </>
    );
  }
  if (promotion.kind === 'free_spins') {
    return (
      <>
        <span className="text-4xl font-black tracking-tight text-white drop-shadow">
          {t('promotions.freeSpinsHeadline', { count: promotion.free_spins ?? 0 })}
        </span>
        {promotion.fixed_amount && (
          <span className="text-sm font-medium text-white/85">
            {t('promotions.freeSpinsPerSpin', {
              bet: money(promotion.fixed_amount, promotion.currency),
            })}
          </span>
        )}
      </>
    );
  }
  if (promotion.kind === 'cashback') {
    return (
      <>
        <span className="text-4xl font-black tracking-tight text-white drop-shadow">
          {percentText(promotion.percent)}
        </span>
        <span className="text-sm font-medium text-white/85">
          {t(
            promotion.cashback_period === 'daily'
              ? 'promotions.cashbackDaily'
              : 'promotions.cashbackWeekly',
          )}
          {promotion.max_bonus &&
            ` · ${t('promotions.upTo', { amount: money(promotion.max_bonus, promotion.currency) })}`}
        </span>
      </>
    );
  }
  return (
    <>
      <span className="text-4xl font-black tracking-tight text-white drop-shadow">
        {money(promotion.fixed_amount, promotion.currency) ?? t('promotions.free')}
      </span>
      <span className="text-sm font-medium text-white/85">
        {t(promotion.kind === 'free_bet' ? 'promotions.freeBetHeadline' : 'promotions.noDeposit')}
      </span>
    </>
  );
}

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const claim = useClaimPromotion();
  const [claimed, setClaimed] = useState(false);
  const facts: Array<[string, string]> = [];
  if (promotion.min_deposit)
    facts.push([t('promotions.minDeposit'), money(promotion.min_deposit, promotion.currency)!]);
  if (promotion.min_loss)
    facts.push([t('promotions.minLoss'), money(promotion.min_loss, promotion.currency)!]);
  if (promotion.wagering_multiplier > 0) {
    facts.push([
      t('promotions.wagering'),
      t(
        promotion.wagering_base === 'bonus'
          ? 'promotions.wageringBonus'
          : 'promotions.wageringBonusDeposit',
        {
          times: promotion.wagering_multiplier,
        },
      ),
    ]);
  }
  if (promotion.max_bet)
    facts.push([t('promotions.maxBet'), money(promotion.max_bet, promotion.currency)!]);
  facts.push([t('promotions.validFor'), t('promotions.days', { count: promotion.expiry_days })]);

  const useCode = () => {
    if (promotion.code) saveCoupon(promotion.code);
    openModal(auth.isAuthenticated ? 'wallet' : 'register');
  };
  const claimError =
    claim.error instanceof ApiError
      ? claim.error.message
      : claim.error
        ? t('promotions.claimFailed')
        : null;

  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-ink-700 bg-ink-850 shadow-pop"
      data-testid="promotion-card"
    >
      <div className="relative flex h-32 flex-col justify-center gap-1 overflow-hidden bg-gradient-to-br from-accent-600 via-accent-700 to-ink-800 px-5">
        <div
          aria-hidden="true"
          className="absolute -right-8 -top-10 size-40 rounded-full bg-white/10 blur-2xl"
        />
        <GiftIcon
          size={72}
          className="absolute right-4 bottom-3 text-white/15"
          aria-hidden="true"
        />
        <Headline promotion={promotion} />
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <h3 className="text-base font-semibold leading-snug text-fg">{promotion.title}</h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-[13px]">
          {facts.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-fg-subtle">{label}</dt>
              <dd className="font-medium text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        {promotion.terms && (
          <details className="group text-[13px] text-fg-muted">
            <summary className="cursor-pointer select-none text-accent-300 hover:text-accent-400">
              {t('promotions.terms')}
            </summary>
            <p className="mt-2 whitespace-pre-line leading-relaxed">{promotion.terms}</p>
          </details>
        )}
        <div className="mt-auto flex flex-col gap-2">
          {promotion.kind === 'deposit_match' && promotion.code && (
            <div className="flex items-center gap-2">
              <code className="flex-1 truncate rounded-lg border border-dashed border-ink-500 bg-ink-900 px-3 py-2 text-center font-mono text-sm tracking-wider text-fg">
                {promotion.code}
              </code>
              <Button onClick={useCode} data-testid="use-code">
                {t('promotions.useCode')}
              </Button>
            </div>
          )}
          {promotion.kind === 'deposit_match' &&
            !promotion.code &&
            promotion.auto_first_deposit && (
              <p className="rounded-lg bg-ink-800 px-3 py-2 text-center text-[13px] text-fg-muted">
                {t('promotions.automatic')}
              </p>
            )}
          {promotion.kind === 'cashback' && (
            <p className="rounded-lg bg-ink-800 px-3 py-2 text-center text-[13px] text-fg-muted">
              {t(
                promotion.cashback_period === 'daily'
                  ? 'promotions.cashbackPaidDaily'
                  : 'promotions.cashbackPaidWeekly',
              )}
            </p>
          )}
          {promotion.kind === 'free_bet' && (
            <p className="text-center text-[13px] text-fg-muted">{t('promotions.freeBetHow')}</p>
          )}
          {promotion.kind === 'free_spins' && (
            <p className="text-center text-[13px] text-fg-muted">{t('promotions.freeSpinsHow')}</p>
          )}
          {claimed && promotion.kind === 'free_spins' && promotion.free_spin_games?.[0] && (
            <Link
              to={`/casino/game/${promotion.free_spin_games[0]}`}
              className="rounded-lg bg-positive/15 px-3 py-2 text-center text-sm font-semibold text-positive hover:bg-positive/25"
              data-testid="play-free-spins"
            >
              {t('promotions.playNow')}
            </Link>
          )}
          {(promotion.kind === 'no_deposit' ||
            promotion.kind === 'free_bet' ||
            promotion.kind === 'free_spins') &&
            (auth.isAuthenticated ? (
              <Button
                block
                loading={claim.isPending}
                disabled={claimed}
                onClick={() => claim.mutate(promotion.id, { onSuccess: () => setClaimed(true) })}
                data-testid="claim"
              >
                {claimed
                  ? t('promotions.claimed')
                  : t(
                      promotion.kind === 'free_spins'
                        ? 'promotions.claimSpins'
                        : 'promotions.claim',
                    )}
              </Button>
            ) : (
              <Button block onClick={() => openModal('register')}>
                {t('promotions.signUpToClaim')}
              </Button>
            ))}
          {claimError && (
            <p role="alert" className="text-[13px] text-negative">
              {claimError}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

/** The frame an active bonus and active free spins share: title, expiry, badge, a progress bar. */
function ProgressCard({
  testId,
  title,
  expiresAt,
  badge,
  label,
  value,
  progress,
  children,
}: {
  testId: string;
  title: string;
  expiresAt: string;
  badge: string | null;
  label: string;
  value: string;
  /** 0 to 100. */
  progress: number;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const expires = formatDate(expiresAt, i18n.language);
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5"
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="line-clamp-2 font-semibold text-fg">{title}</h3>
          <p className="text-[13px] text-fg-muted">{t('promotions.expires', { date: expires })}</p>
        </div>
        <span className="shrink-0 rounded-md bg-accent-500/15 px-2 py-1 text-sm font-semibold text-accent-300">
          {badge}
        </span>
      </div>
      <div>
        <div className="mb-1.5 flex justify-between gap-3 text-[13px]">
          <span className="text-fg-muted">{label}</span>
          <span className="font-medium text-fg">{value}</span>
        </div>
        <div
          className="h-2.5 overflow-hidden rounded-full bg-ink-700"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={label}
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-accent-500 to-positive transition-[width] duration-500"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
      {children}
    </article>
  );
}

function BonusCard({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useTranslation();
  const forfeit = useForfeitBonus();
  const [confirming, setConfirming] = useState(false);
  return (
    <ProgressCard
      testId="bonus-card"
      title={bonus.title}
      expiresAt={bonus.expires_at}
      badge={money(bonus.amount, bonus.currency)}
      label={t('promotions.wageringProgress')}
      value={`${money(bonus.wagered, null)} / ${money(bonus.wagering_required, bonus.currency)}`}
      progress={bonus.progress}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-[13px]">
        <span className="flex flex-wrap gap-x-3 text-fg-muted">
          {/* Bonus-first spending (decision 0805) stakes the bonus: what is left of it. */}
          {bonus.balance !== bonus.amount && (
            <span className="font-medium text-fg" data-testid="bonus-left">
              {t('promotions.bonusLeft', { amount: money(bonus.balance, bonus.currency) })}
            </span>
          )}
          {bonus.max_bet && (
            <span>
              {t('promotions.maxBetWhile', { amount: money(bonus.max_bet, bonus.currency) })}
            </span>
          )}
        </span>
        {confirming ? (
          <span className="flex items-center gap-2">
            <span className="text-fg-muted">{t('promotions.forfeitConfirm')}</span>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              {t('promotions.cancel')}
            </Button>
            <Button
              size="sm"
              loading={forfeit.isPending}
              onClick={() => forfeit.mutate(bonus.id)}
              data-testid="forfeit-confirm"
            >
              {t('promotions.forfeit')}
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t('promotions.forfeit')}
          </Button>
        )}
      </div>
      {forfeit.error instanceof ApiError && (
        <p role="alert" className="text-[13px] text-negative">
          {forfeit.error.message}
        </p>
      )}
    </ProgressCard>
  );
}

function FreeSpinsCard({ grant }: { grant: PlayerFreeSpins }) {
  const { t } = useTranslation();
  const used = grant.spins_total - grant.spins_left;
  return (
    <ProgressCard
      testId="free-spins-card"
      title={grant.title}
      expiresAt={grant.expires_at}
      badge={t('promotions.freeSpinsPerSpin', { bet: money(grant.bet, grant.currency) })}
      label={t('promotions.freeSpinsLeft', { left: grant.spins_left, total: grant.spins_total })}
      value={t('promotions.freeSpinsWon', { amount: money(grant.win, grant.currency) })}
      progress={Math.round((used / grant.spins_total) * 100)}
    >
      {grant.games[0] && (
        <Link
          to={`/casino/game/${grant.games[0]}`}
          className="self-end rounded-lg bg-accent-500 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-600"
          data-testid="free-spins-play"
        >
          {t('promotions.playNow')}
        </Link>
      )}
    </ProgressCard>
  );
}
