import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { CardDeal } from './card-rules.ts';
import { FELT } from './card-table.tsx';
import { stakeOf } from './original-shell.tsx';
import {
  AndarBaharBoard,
  BaccaratBoard,
  DragonTigerBoard,
  TeenPattiBoard,
} from './table-boards.tsx';

/**
 * The four card tables' rounds on the bet page (/casino/bets/<id>), registered by the app
 * (app/bet-games.ts): the felt as the table showed the deal, then each chip with what it returned.
 */
type Props = { bet: { details: Record<string, unknown> } };
type Chip = { spot: string; amount: string; payout: string };

function TableRound({
  bet,
  testId,
  board,
}: Props & { testId: string; board: (deal: CardDeal) => ReactNode }) {
  const { t } = useTranslation();
  const deal = bet.details as unknown as CardDeal;
  const chips = (bet.details.chips as Chip[] | undefined) ?? [];
  if (typeof deal.winner !== 'string') return null;
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      <div className={FELT}>{board(deal)}</div>
      <table className="w-full text-left text-[13px]" data-testid="outcome-chips">
        <thead>
          <tr className="text-[12px] tracking-wide text-fg-subtle uppercase">
            <th className="pb-1 font-semibold">{t('cardTables.spots')}</th>
            <th className="pb-1 text-right font-semibold">{t('bets.stake')}</th>
            <th className="pb-1 text-right font-semibold">{t('cardTables.lastWin')}</th>
          </tr>
        </thead>
        <tbody>
          {chips.map((chip) => (
            <tr key={chip.spot} className="border-t border-ink-700">
              <td className="py-1.5 text-fg">{t(`cardTables.spot.${chip.spot}`)}</td>
              <td className="py-1.5 text-right font-mono text-fg-muted tabular-nums">
                {chip.amount}
              </td>
              <td
                className={cn(
                  'py-1.5 text-right font-mono tabular-nums',
                  stakeOf(chip.payout) > stakeOf(chip.amount) ? 'text-positive' : 'text-fg',
                )}
              >
                {chip.payout}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const BaccaratOutcome = ({ bet }: Props) => (
  <TableRound bet={bet} testId="outcome-baccarat" board={(deal) => <BaccaratBoard deal={deal} />} />
);
export const DragonTigerOutcome = ({ bet }: Props) => (
  <TableRound
    bet={bet}
    testId="outcome-dragon-tiger"
    board={(deal) => <DragonTigerBoard deal={deal} />}
  />
);
export const TeenPattiOutcome = ({ bet }: Props) => (
  <TableRound
    bet={bet}
    testId="outcome-teen-patti"
    board={(deal) => <TeenPattiBoard deal={deal} />}
  />
);
export const AndarBaharOutcome = ({ bet }: Props) => (
  <TableRound
    bet={bet}
    testId="outcome-andar-bahar"
    board={(deal) => <AndarBaharBoard deal={deal} />}
  />
);
