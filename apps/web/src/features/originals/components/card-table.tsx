import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { placeCardBet, useCasinoBets } from '../api/originals.ts';
import {
  type CardDeal,
  type CardGame,
  dealOf,
  dealSummary,
  spotReturn_x10000,
  spotsOf,
} from './card-rules.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
} from './original-shell.tsx';
import { PlayingCard } from './playing-card.tsx';

/** A chip stack per spot, in minor units. */
type Chips = Record<string, bigint>;
export type DealResult = {
  deal: CardDeal;
  payout: string;
  won: boolean;
  net: bigint;
  nonce: number;
};
/** The green baize the cards lie on (the table and the bet page's recall). */
export const FELT =
  'relative overflow-hidden rounded-2xl border border-emerald-300/15 bg-[radial-gradient(ellipse_at_50%_20%,#166047_0%,#0c3b2d_55%,#08261e_100%)] p-3 shadow-[inset_0_0_40px_rgb(0_0_0/0.45)] sm:p-5';
/** At most this many chips of the current value on one spot (the server checks the max bet). */
const CHIPS_PER_SPOT_MAX = 1_000n;

const sum = (chips: Chips) => Object.values(chips).reduce((a, b) => a + b, 0n);

/**
 * What the four card tables share: the chip value, chips placed on the felt's spots, the deal
 * (real money through the server, or demo computed here from the demo seeds with the same
 * package), the result line, the rules panel and the player's last deals.
 */
export function CardTablePage({
  game,
  board,
  rules,
  spotColumns,
}: {
  game: CardGame;
  /** The felt above the spots: the cards of `result` (or the backs while nothing is dealt). */
  board: (result: DealResult | null) => ReactNode;
  rules: ReactNode;
  /** How many spots sit side by side on a phone (the rest wrap). */
  spotColumns: 2 | 3 | 4;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal(game);
  const sound = useSound();
  const bets = useCasinoBets();
  const [amount, setAmount] = useState('1.00');
  const [chips, setChips] = useState<Chips>({});
  const [result, setResult] = useState<DealResult | null>(null);
  const [dealing, setDealing] = useState(false);
  const chip = stakeOf(amount);
  const staked = sum(chips);
  const spots = spotsOf(game, state.edge_bp);

  const place = (spot: string) => {
    if (chip <= 0n || dealing) return;
    setChips((current) => {
      const next = (current[spot] ?? 0n) + chip;
      return next > chip * CHIPS_PER_SPOT_MAX ? current : { ...current, [spot]: next };
    });
  };

  const deal = async () => {
    if (staked <= 0n) return;
    setDealing(true);
    try {
      let next: DealResult;
      if (state.mode === 'demo') {
        if (Number(staked) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const nonce = state.demo.nonce;
        const dealt = await dealOf(game, state.demoSeeds(nonce));
        const payout = Object.entries(chips).reduce(
          (acc, [spot, minor]) =>
            acc + (minor * BigInt(spotReturn_x10000(game, dealt, spot, state.edge_bp))) / 10_000n,
          0n,
        );
        state.setDemoBalance(state.demoBalance - Number(staked) + Number(payout));
        state.nextDemoNonce();
        next = {
          deal: dealt,
          payout: minorText(payout),
          won: payout > staked,
          net: payout - staked,
          nonce,
        };
      } else {
        const bet = await placeCardBet(game, {
          bets: Object.fromEntries(
            Object.entries(chips).map(([spot, minor]) => [spot, minorText(minor)]),
          ),
          idempotency_key: crypto.randomUUID(),
        });
        next = {
          deal: bet.details as CardDeal,
          payout: bet.payout,
          won: bet.won,
          net: stakeOf(bet.payout) - stakeOf(bet.amount),
          nonce: bet.nonce,
        };
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      setResult(next);
      sound.play(next.won ? 'win' : 'lose');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setDealing(false);
    }
  };

  /** A win, the stake back (a push), part of it back (a split slip), or nothing. */
  const outcomeText = (r: DealResult) => {
    if (r.won) return t('originals.youWon', { amount: r.payout });
    if (r.net === 0n) return t('cardTables.push');
    return stakeOf(r.payout) > 0n
      ? t('cardTables.returnedAmount', { amount: r.payout })
      : t('originals.noWin');
  };
  const history = (bets.data ?? []).filter((bet) => bet.game === game).slice(0, 10);
  return (
    <OriginalFrame
      game={game}
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={dealing}
            testId="chip-value"
            game={game}
          />
          <p className="-mt-2 text-[12px] text-fg-subtle">{t('cardTables.chipHint')}</p>
          <Stats
            items={[
              { label: t('cardTables.staked'), value: minorText(staked), testId: 'card-staked' },
              { label: t('cardTables.spots'), value: String(Object.keys(chips).length) },
              {
                label: t('cardTables.lastWin'),
                value: result ? result.payout : '—',
                tone: 'win',
              },
            ]}
          />
          <div className="grid grid-cols-[1fr_2fr] gap-2">
            <Button
              variant="secondary"
              size="lg"
              disabled={dealing || staked === 0n}
              onClick={() => setChips({})}
              data-testid="card-clear"
            >
              {t('cardTables.clear')}
            </Button>
            <Button
              size="lg"
              loading={dealing}
              disabled={staked === 0n}
              onClick={deal}
              data-testid="card-deal"
            >
              {t('cardTables.deal')}
            </Button>
          </div>
        </>
      }
      board={
        <div className="flex flex-col gap-3">
          <div className={FELT} data-testid="card-felt">
            {board(result)}
            <p
              className="mt-3 min-h-5 text-center text-sm font-semibold text-emerald-50"
              aria-live="polite"
              data-testid="card-result"
            >
              {result &&
                `${outcomeText(result)} · ${t('originals.nonce', { nonce: result.nonce })}`}
            </p>
          </div>
          <fieldset
            className={cn(
              'm-0 grid min-w-0 gap-2 border-0 p-0',
              spotColumns === 2 ? 'grid-cols-2' : spotColumns === 3 ? 'grid-cols-3' : 'grid-cols-4',
            )}
          >
            <legend className="sr-only">{t('cardTables.spotsLabel')}</legend>
            {spots.map((spot) => {
              const on = chips[spot.id] ?? 0n;
              const paid =
                result && on > 0n
                  ? spotReturn_x10000(game, result.deal, spot.id, state.edge_bp) > 0
                  : false;
              return (
                <button
                  key={spot.id}
                  type="button"
                  onClick={() => place(spot.id)}
                  disabled={dealing}
                  className={cn(
                    'relative flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl border px-1 py-2 text-center transition-colors',
                    on > 0n
                      ? 'border-amber-300/70 bg-amber-300/10'
                      : 'border-ink-600 bg-ink-900 hover:border-ink-500',
                    paid && 'border-positive bg-positive/10',
                  )}
                  data-testid={`spot-${spot.id}`}
                >
                  <span className="text-[13px] font-semibold leading-tight text-fg">
                    {t(`cardTables.spot.${spot.id}`)}
                  </span>
                  <span className="font-mono text-[11px] text-fg-subtle">{spot.pays}</span>
                  {on > 0n && (
                    <span className="absolute -right-1.5 -top-2 rounded-full border-2 border-amber-200 bg-amber-500 px-1.5 font-mono text-[11px] font-bold text-ink-950 shadow">
                      {minorText(on)}
                    </span>
                  )}
                </button>
              );
            })}
          </fieldset>
          {/* On a phone the controls sit below the table: the deal is at hand here too. */}
          <div className="grid grid-cols-[1fr_2fr] gap-2 lg:hidden">
            <Button
              variant="secondary"
              disabled={dealing || staked === 0n}
              onClick={() => setChips({})}
            >
              {t('cardTables.clear')}
            </Button>
            <Button
              loading={dealing}
              disabled={staked === 0n}
              onClick={deal}
              data-testid="card-deal-phone"
            >
              {t('cardTables.deal')} · {minorText(staked)}
            </Button>
          </div>
        </div>
      }
      below={
        <>
          <details
            className="group rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px] leading-relaxed text-fg-muted"
            open
            data-testid="card-rules"
          >
            <summary className="cursor-pointer text-base font-semibold text-fg">
              {t('cardTables.rules')}
            </summary>
            <div className="mt-2 flex flex-col gap-2">{rules}</div>
          </details>
          <div className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]">
            <h2 className="text-base font-semibold text-fg">{t('originals.myBets')}</h2>
            {history.length === 0 ? (
              <p className="text-fg-muted">{t('originals.noBets')}</p>
            ) : (
              <ul className="divide-y divide-ink-700" data-testid="card-history">
                {history.map((bet) => (
                  <li key={bet.id} className="flex items-center justify-between gap-2 py-1.5">
                    <span className="font-mono text-fg-subtle">#{bet.nonce}</span>
                    <span className="min-w-0 flex-1 truncate font-mono text-fg-muted">
                      {dealSummary(game, bet.details as CardDeal)}
                    </span>
                    <span className={cn('font-mono', bet.won ? 'text-positive' : 'text-fg')}>
                      {bet.payout}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      }
    />
  );
}

/** A labelled row of cards on the felt (a hand, a side); its total or hand name on the right. */
export function Hand({
  label,
  cards,
  note,
  winner = false,
  size = 'md',
  placeholders = 0,
  testId,
  delay_ms = 0,
}: {
  label: string;
  cards: number[];
  note?: string;
  winner?: boolean;
  size?: 'sm' | 'md' | 'lg';
  placeholders?: number;
  testId: string;
  delay_ms?: number;
}) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-1.5" data-testid={testId}>
      <div className="flex items-center gap-2 text-[12px] font-bold uppercase tracking-[0.14em]">
        <span className={winner ? 'text-amber-300' : 'text-emerald-100/80'}>{label}</span>
        {note !== undefined && (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 font-mono text-[12px] tracking-normal',
              winner ? 'bg-amber-300 text-ink-950' : 'bg-black/30 text-emerald-50',
            )}
            data-testid={`${testId}-note`}
          >
            {note}
          </span>
        )}
      </div>
      <div className="flex min-h-[4.6rem] items-center justify-center gap-1.5 sm:min-h-[5.6rem]">
        {cards.length === 0
          ? Array.from({ length: placeholders }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical backs, fixed count
              <PlayingCard key={i} index={null} size={size} />
            ))
          : cards.map((index, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a dealt hand never reorders, and an infinite deck may repeat a card
              <PlayingCard key={i} index={index} size={size} delay_ms={delay_ms + i * 140} />
            ))}
      </div>
    </div>
  );
}

/** A paytable as a two-column list (hand or range, what it pays, its exact return). */
export function Paytable({ rows }: { rows: [string, string, string?][] }) {
  return (
    <table className="w-full text-left text-[13px]">
      <tbody>
        {rows.map(([name, pays, rtp]) => (
          <tr key={name} className="border-b border-ink-700 last:border-0">
            <td className="py-1 text-fg">{name}</td>
            <td className="py-1 text-right font-mono text-fg">{pays}</td>
            {rtp !== undefined && (
              <td className="py-1 pl-3 text-right font-mono text-fg-subtle">{rtp}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const rtpText = (rtp: number) => formatPercent(rtp * 100, i18n.language, 2);
