import {
  type DiceDirection,
  diceChance,
  diceMultiplier,
  dicePayout,
  diceRoll,
  diceWins,
  isValidDiceTarget,
} from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { type DiceBet, placeDiceBet, useCasinoBets } from '../api/originals.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
  x100Text,
} from './original-shell.tsx';

type Result = { roll: number; won: boolean; payout: string; nonce: number };

/** Dice: roll over or under a target; the roll comes from the provably fair seed pair. */
export function DicePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('dice');
  const sound = useSound();
  const bets = useCasinoBets();
  const [amount, setAmount] = useState('1.00');
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [result, setResult] = useState<Result | null>(null);
  const [rolling, setRolling] = useState(false);

  const valid = isValidDiceTarget(target, direction);
  const stake = stakeOf(amount);
  const payout = valid && stake > 0n ? dicePayout(stake, target, direction, state.edge_bp) : 0n;

  const roll = async () => {
    if (!valid || stake <= 0n) return;
    setRolling(true);
    try {
      let next: Result;
      if (state.mode === 'demo') {
        if (Number(stake) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const nonce = state.demo.nonce;
        const value = await diceRoll(state.demoSeeds(nonce));
        const won = diceWins(value, target, direction);
        state.setDemoBalance(state.demoBalance - Number(stake) + (won ? Number(payout) : 0));
        state.nextDemoNonce();
        next = { roll: value, won, payout: won ? minorText(payout) : '0.00', nonce };
      } else {
        const bet: DiceBet = await placeDiceBet({
          amount,
          target: x100Text(target),
          direction,
          idempotency_key: crypto.randomUUID(),
        });
        next = {
          roll: Math.round(Number(bet.roll) * 100),
          won: bet.won,
          payout: bet.payout,
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
      setRolling(false);
    }
  };

  const history = (bets.data ?? []).filter((bet) => bet.game === 'dice').slice(0, 10);
  return (
    <OriginalFrame
      game="dice"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={rolling}
            testId="dice-amount"
            game="dice"
          />
          <Stats
            items={[
              {
                label: t('originals.multiplier'),
                value: valid
                  ? `${Number(diceMultiplier(target, direction, state.edge_bp)).toFixed(4)}×`
                  : '—',
                testId: 'dice-multiplier',
              },
              {
                label: t('originals.chance'),
                value: `${x100Text(diceChance(target, direction))}%`,
              },
              { label: t('originals.win'), value: minorText(payout), tone: 'win' },
            ]}
          />
          <Button
            size="lg"
            block
            loading={rolling}
            disabled={!valid || stake <= 0n}
            onClick={roll}
            data-testid="dice-roll"
          >
            {t('originals.dice.roll')}
          </Button>
        </>
      }
      board={
        <>
          <div className="flex min-h-28 items-center justify-center" aria-live="polite">
            <span
              className={cn(
                'font-mono text-6xl font-black tabular-nums tracking-tight transition-colors duration-300',
                result === null ? 'text-fg-subtle' : result.won ? 'text-positive' : 'text-negative',
              )}
              data-testid="dice-result"
            >
              {result === null ? '—' : x100Text(result.roll)}
            </span>
          </div>
          <div className="relative h-3 rounded-full" aria-hidden="true">
            <div
              className="absolute inset-0 rounded-full"
              style={{
                background:
                  direction === 'over'
                    ? `linear-gradient(to right, var(--color-negative) ${target / 100}%, var(--color-positive) ${target / 100}%)`
                    : `linear-gradient(to right, var(--color-positive) ${target / 100}%, var(--color-negative) ${target / 100}%)`,
              }}
            />
            {result !== null && (
              <div
                className="absolute -top-2 size-7 -translate-x-1/2 rounded-md border-2 border-white bg-ink-900 shadow-pop transition-[left] duration-500"
                style={{ left: `${result.roll / 100}%` }}
              />
            )}
          </div>
          <input
            type="range"
            min={200}
            max={9800}
            step={1}
            value={target}
            onChange={(event) => setTarget(Number(event.target.value))}
            className="w-full accent-accent-500"
            aria-label={t('originals.dice.target')}
            data-testid="dice-target"
          />
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="text-fg-muted">
              {t(direction === 'over' ? 'originals.dice.rollOver' : 'originals.dice.rollUnder')}{' '}
              <span className="font-mono font-semibold text-fg">{x100Text(target)}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDirection(direction === 'over' ? 'under' : 'over')}
              data-testid="dice-flip"
            >
              {t('originals.dice.flip')}
            </Button>
          </div>
          <p className="h-5 text-center text-sm text-fg-muted">
            {result &&
              `${result.won ? t('originals.youWon', { amount: result.payout }) : t('originals.noWin')} · ${t('originals.nonce', { nonce: result.nonce })}`}
          </p>
        </>
      }
      below={
        <div className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]">
          <h2 className="text-base font-semibold text-fg">{t('originals.myBets')}</h2>
          {history.length === 0 ? (
            <p className="text-fg-muted">{t('originals.noBets')}</p>
          ) : (
            <ul className="divide-y divide-ink-700" data-testid="dice-history">
              {history.map((bet) => (
                <li
                  key={bet.id}
                  className="flex items-center justify-between gap-2 py-1.5 font-mono"
                >
                  <Link
                    to={`/casino/bets/${bet.id}`}
                    className="text-fg-subtle hover:text-accent-400 hover:underline"
                    data-testid={`dice-bet-${bet.id}`}
                  >
                    #{bet.nonce}
                  </Link>
                  <span>
                    {bet.direction === 'over' ? '>' : '<'} {bet.target}
                  </span>
                  <span className={bet.won ? 'text-positive' : 'text-negative'}>{bet.roll}</span>
                  <span>{bet.won ? `+${bet.payout}` : `−${bet.amount}`}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      }
    />
  );
}
