import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { formatPercent } from '../../../lib/format.ts';
import { type BetDetail, useNextSeedHash, useRotateSeeds } from '../api/bets.ts';
import { canVerify, type Verification, verifyBet } from '../verify.ts';

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-[12px] text-fg-subtle">{label}</dt>
      <dd className="font-mono text-[12px] break-all text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The bet's fairness data and a Verify button that recomputes the result in the browser. */
export function FairnessCard({ bet }: { bet: BetDetail }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Verification | null>(null);
  const [busy, setBusy] = useState(false);
  const fair = bet.fairness;
  if (!fair) return null;
  const verify = async () => {
    setBusy(true);
    try {
      setResult(await verifyBet(bet));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5"
      data-testid="bet-fairness"
    >
      <h2 className="text-base font-semibold text-fg">{t('bets.fairness')}</h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        {fair.scheme === 'seed_pair' ? (
          <>
            <Line label={t('bets.serverSeedHash')} value={fair.server_seed_hash} />
            <Line
              label={t('bets.serverSeed')}
              value={fair.server_seed ?? t('bets.notRevealed')}
              testId="bet-server-seed"
            />
            <Line label={t('bets.clientSeed')} value={fair.client_seed} />
            <Line label={t('bets.nonce')} value={String(fair.nonce)} />
          </>
        ) : (
          <>
            <Line label={t('bets.roundHash')} value={fair.round_hash ?? t('bets.roundNotOver')} />
            <Line label={t('bets.salt')} value={fair.salt} />
          </>
        )}
        <Line label={t('bets.edge')} value={formatPercent(fair.edge_bp / 100, i18n.language, 2)} />
      </dl>
      {canVerify(bet) ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={verify} loading={busy} data-testid="bet-verify">
            {t('bets.verify')}
          </Button>
          <Link to="/provably-fair" className="text-sm text-accent-400 hover:underline">
            {t('bets.openVerifier')}
          </Link>
        </div>
      ) : fair.scheme === 'seed_pair' && !fair.server_seed ? (
        <RotateToReveal />
      ) : (
        <Link to="/provably-fair" className="text-sm text-accent-400 hover:underline">
          {t('bets.openVerifier')}
        </Link>
      )}
      {result && (
        <div
          className={cn(
            'flex flex-col gap-1 rounded-xl border p-3 text-sm',
            result.ok
              ? 'border-positive/40 bg-positive/10 text-positive'
              : 'border-negative/40 bg-negative/10 text-negative',
          )}
          role="status"
          data-testid="bet-verification"
        >
          <strong>{result.ok ? t('bets.verified') : t('bets.mismatch')}</strong>
          <span className="text-fg-muted">
            {t('bets.recorded')}: <span className="font-mono text-fg">{result.recorded}</span> ·{' '}
            {t('bets.recomputed')}: <span className="font-mono text-fg">{result.recomputed}</span>
          </span>
          {!result.hashMatches && <span>{t('bets.hashMismatch')}</span>}
        </div>
      )}
    </section>
  );
}

/** The seed is still in use: rotating the pair reveals it (and starts a new one). */
function RotateToReveal() {
  const { t } = useTranslation();
  const next = useNextSeedHash();
  const rotate = useRotateSeeds();
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-ink-800 p-3 text-sm">
      <p className="text-fg-muted">{t('bets.rotateToReveal')}</p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={!next.data}
        loading={rotate.isPending}
        onClick={() => next.data && rotate.mutate(next.data)}
        data-testid="bet-rotate"
      >
        {t('bets.rotate')}
      </Button>
    </div>
  );
}
