import type { SbBet } from '@casino/contracts/sportsbook';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMinorMoney } from '../../../lib/format.ts';
import { useCashout } from '../api.ts';

type Currency = { scale: number; prefix: string };
const money = (minor: bigint | string, c: Currency) =>
  formatMinorMoney(c.prefix, minor, c.scale, i18n.language);

/** Shares a player can cash out in one tap; "max" is the whole stake still on. */
const SHARES = [25, 50] as const;
/** The server's minimum: a part takes and leaves at least 10 % of the stake (decision 0620). */
const MIN_SHARE = 10;
/** The app accepts an offer up to 1 % below the one shown; the server pays the offer it has. */
const TOLERANCE_BP = 100n;

/** What the button says while there is no offer: why, when the server says (decision 0662). */
function unavailableKey(reason: SbBet['cashout_unavailable']) {
  if (reason === 'not_offered') return 'sbCashoutReason.notOffered';
  if (reason === 'suspended') return 'sbCashoutReason.suspended';
  return 'sports.myBets.cashoutSuspended';
}

/** The part of a stake a share cashes out: whole minor units per line. */
export function partOf(bet: Pick<SbBet, 'stake_minor' | 'lines'>, share: number): bigint {
  const stake = BigInt(bet.stake_minor);
  if (share >= 100) return stake;
  const lines = BigInt(bet.lines);
  return ((stake * BigInt(share)) / 100n / lines) * lines;
}

/** What a part is offered, from the whole offer shown (the server re-quotes it exactly). */
export function offerOf(bet: Pick<SbBet, 'stake_minor' | 'cashout_minor'>, part: bigint): bigint {
  return (BigInt(bet.cashout_minor ?? '0') * part) / BigInt(bet.stake_minor);
}

/**
 * An open bet's cash-out: the whole stake in one tap as before, or a share (25 %, 50 %) after a
 * confirmation naming the amount and the stake left on; the bet's cash-outs so far are listed.
 */
export function CashoutPanel({
  bet,
  currency,
  onError,
}: {
  bet: SbBet;
  currency: Currency;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const cashout = useCashout();
  const [share, setShare] = useState<number | null>(null);
  const offer = bet.cashout_minor;
  const part = share === null ? 0n : partOf(bet, share);
  const amount = offer === null ? 0n : offerOf(bet, part);
  const left = BigInt(bet.stake_minor) - part;
  const take = (stake_minor: bigint | undefined, shown: bigint) => {
    onError(null);
    cashout.mutate(
      {
        id: bet.id,
        amount_minor: String(shown - (shown * TOLERANCE_BP) / 10_000n),
        ...(stake_minor === undefined ? {} : { stake_minor: String(stake_minor) }),
      },
      {
        onError: (e) => onError(e instanceof ApiError ? e.message : String(e)),
        onSettled: () => setShare(null),
      },
    );
  };
  return (
    <div className="mt-2 space-y-1.5">
      {share !== null && offer !== null ? (
        <div
          className="rounded-lg border border-positive/40 bg-positive/5 p-2.5 text-xs"
          data-testid="cashout-confirm"
        >
          <p className="font-semibold text-fg">
            {t('sbCashout.confirmTitle', { amount: money(amount, currency) })}
          </p>
          <p className="mt-0.5 text-fg-muted">
            {t('sbCashout.confirmBody', {
              part: money(part, currency),
              left: money(left, currency),
            })}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-1.5">
            <Button size="sm" variant="outline" onClick={() => setShare(null)}>
              {t('sbCashout.cancel')}
            </Button>
            <Button
              size="sm"
              data-testid="cashout-confirm-button"
              disabled={cashout.isPending || amount <= 0n}
              onClick={() => take(part, amount)}
            >
              {t('sbCashout.confirm')}
            </Button>
          </div>
        </div>
      ) : (
        // The shares go under the button, together, when the row is too narrow for both.
        <div className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            variant="outline"
            // Without an offer the button only says why: neutral, not the green of an action.
            className={cn(
              'min-w-[9rem] flex-1',
              offer === null
                ? 'border-ink-600 text-fg-muted'
                : 'border-positive/50 text-positive hover:bg-positive/10',
            )}
            disabled={offer === null || cashout.isPending}
            data-testid="cashout"
            data-unavailable={offer === null ? (bet.cashout_unavailable ?? 'unknown') : undefined}
            onClick={() => take(undefined, BigInt(offer!))}
          >
            {offer === null
              ? t(unavailableKey(bet.cashout_unavailable))
              : t('sports.myBets.cashout', { amount: money(offer, currency) })}
          </Button>
          {offer !== null && (
            <div className="flex shrink-0 gap-1.5">
              {SHARES.map((s) => {
                const p = partOf(bet, s);
                const ok = p > 0n && p * 100n >= BigInt(bet.stake_minor) * BigInt(MIN_SHARE);
                return (
                  <button
                    key={s}
                    type="button"
                    disabled={!ok || cashout.isPending}
                    data-testid={`cashout-share-${s}`}
                    onClick={() => setShare(s)}
                    className={cn(
                      'h-8 shrink-0 rounded-md border border-ink-600 px-2.5 font-mono text-xs font-semibold tabular-nums text-fg-muted',
                      'hover:border-positive/50 hover:text-positive disabled:opacity-40',
                    )}
                    aria-label={t('sbCashout.shareLabel', { share: String(s) })}
                  >
                    {s}%
                  </button>
                );
              })}
            </div>
          )}
        </div>
      )}
      <CashoutHistory bet={bet} currency={currency} />
    </div>
  );
}

/** The partial cash-outs a bet has had, oldest first. */
export function CashoutHistory({ bet, currency }: { bet: SbBet; currency: Currency }) {
  const { t } = useTranslation();
  if (!bet.cashouts?.length || bet.status === 'cashed_out') return null;
  return (
    <ul className="space-y-0.5 text-[11px] text-fg-subtle" data-testid="cashout-history">
      {bet.cashouts.map((c) => (
        <li key={c.at} className="flex justify-between gap-2">
          <span>{t('sbCashout.historyStake', { stake: money(c.stake_minor, currency) })}</span>
          <b className="font-mono font-semibold text-positive">{money(c.amount_minor, currency)}</b>
        </li>
      ))}
    </ul>
  );
}
