import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { CardDeal } from './card-rules.ts';
import { Hand } from './card-table.tsx';
import { PlayingCard } from './playing-card.tsx';

/*
 * The card tables' felts: the cards of a deal as the table shows them, shared by each table's
 * page and the bet page's recall (their own module, so the pages stay lazily loaded chunks).
 */

/** The Baccarat felt's cards for a deal (or the backs before one): the table and the bet page. */
export function BaccaratBoard({ deal }: { deal: CardDeal | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Hand
        label={t('cardTables.spot.player')}
        cards={deal?.player ?? []}
        placeholders={2}
        note={deal ? String(deal.player_total) : undefined}
        winner={deal?.winner === 'player'}
        testId="hand-player"
      />
      <Hand
        label={t('cardTables.spot.banker')}
        cards={deal?.banker ?? []}
        placeholders={2}
        note={deal ? String(deal.banker_total) : undefined}
        winner={deal?.winner === 'banker'}
        testId="hand-banker"
        delay_ms={70}
      />
      {deal && (
        <p className="text-center text-[13px] font-bold uppercase tracking-[0.14em] text-amber-300 sm:col-span-2">
          {t(`cardTables.winner.${deal.winner}`)}
        </p>
      )}
    </div>
  );
}

/** The Dragon Tiger felt's cards for a deal (or the backs before one): the table and the bet page. */
export function DragonTigerBoard({ deal }: { deal: CardDeal | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2">
      <div className="grid w-full grid-cols-[1fr_auto_1fr] items-center gap-2">
        <Hand
          label={t('cardTables.spot.dragon')}
          cards={deal?.dragon === undefined ? [] : [deal.dragon]}
          placeholders={1}
          size="lg"
          winner={deal?.winner === 'dragon'}
          testId="hand-dragon"
        />
        <span className="font-black text-emerald-100/60">{t('i18nWeb.versus')}</span>
        <Hand
          label={t('cardTables.spot.tiger')}
          cards={deal?.tiger === undefined ? [] : [deal.tiger]}
          placeholders={1}
          size="lg"
          winner={deal?.winner === 'tiger'}
          testId="hand-tiger"
          delay_ms={160}
        />
      </div>
      {deal && (
        <p className="text-[13px] font-bold uppercase tracking-[0.14em] text-amber-300">
          {t(`cardTables.winner.${deal.winner}`)}
        </p>
      )}
    </div>
  );
}

/** The Teen Patti felt's cards for a deal (or the backs before one): the table and the bet page. */
export function TeenPattiBoard({ deal }: { deal: CardDeal | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3">
      <Hand
        label={t('cardTables.dealer')}
        cards={deal?.dealer ?? []}
        placeholders={3}
        note={deal?.dealer_hand && t(`cardTables.hand.${deal.dealer_hand}`)}
        winner={deal?.winner === 'dealer'}
        testId="hand-dealer"
        delay_ms={70}
      />
      {deal && (
        <p className="text-[13px] font-bold uppercase tracking-[0.14em] text-amber-300">
          {t(`cardTables.winner.${deal.winner}`)}
        </p>
      )}
      <Hand
        label={t('cardTables.you')}
        cards={deal?.player ?? []}
        placeholders={3}
        note={deal?.player_hand && t(`cardTables.hand.${deal.player_hand}`)}
        winner={deal?.winner === 'player'}
        testId="hand-player"
      />
    </div>
  );
}

/** One side's pile: small cards overlapping in dealing order, the match last. */
function Pile({
  label,
  cards,
  winner,
  testId,
  offset_ms,
}: {
  label: string;
  cards: number[];
  winner: boolean;
  testId: string;
  offset_ms: number;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid={testId}>
      <span
        className={cn(
          'w-14 shrink-0 text-[12px] font-bold uppercase tracking-[0.14em]',
          winner ? 'text-amber-300' : 'text-emerald-100/80',
        )}
      >
        {label}
      </span>
      <div className="flex min-h-[3.4rem] min-w-0 flex-wrap gap-y-1 pl-5">
        {cards.map((index, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a dealt hand never reorders, and an infinite deck may repeat a card
          <div key={i} className="-ml-5">
            <PlayingCard
              index={index}
              size="sm"
              delay_ms={offset_ms + i * 2 * 90}
              highlight={winner && i === cards.length - 1}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The Andar Bahar felt's cards for a deal (or the backs before one): the table and the bet page. */
export function AndarBaharBoard({ deal }: { deal: CardDeal | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-center gap-3">
        <div className="flex flex-col items-center gap-1">
          <span className="text-[12px] font-bold uppercase tracking-[0.14em] text-emerald-100/80">
            {t('cardTables.joker')}
          </span>
          <PlayingCard index={deal?.joker ?? null} testId="joker" />
        </div>
        {deal && (
          <div className="flex flex-col gap-1 text-[13px] font-semibold text-emerald-50">
            <span className="font-bold uppercase tracking-[0.14em] text-amber-300">
              {t(`cardTables.winner.${deal.winner}`)}
            </span>
            <span data-testid="cards-dealt">{t('plurals.cardsDealt', { count: deal.dealt })}</span>
          </div>
        )}
      </div>
      <Pile
        label={t('cardTables.spot.andar')}
        cards={deal?.andar ?? []}
        winner={deal?.winner === 'andar'}
        testId="pile-andar"
        offset_ms={150}
      />
      <Pile
        label={t('cardTables.spot.bahar')}
        cards={deal?.bahar ?? []}
        winner={deal?.winner === 'bahar'}
        testId="pile-bahar"
        offset_ms={240}
      />
    </div>
  );
}
