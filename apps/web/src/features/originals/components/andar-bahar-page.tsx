import { ANDAR_BAHAR_RANGES, andarBaharRtp } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { CardDeal } from './card-rules.ts';
import { CardTablePage, Paytable, rtpText } from './card-table.tsx';
import { PlayingCard } from './playing-card.tsx';

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

/** Andar Bahar: the Joker, then Andar and Bahar in turn until its rank comes. */
export function AndarBaharPage() {
  const { t } = useTranslation();
  return (
    <CardTablePage
      game="andar-bahar"
      spotColumns={4}
      board={(result) => <AndarBaharBoard deal={result?.deal} />}
      rules={
        <>
          <p>{t('cardTables.andar-bahar.rules1')}</p>
          <p>{t('cardTables.andar-bahar.rules2')}</p>
          <Paytable
            rows={[
              [t('cardTables.spot.andar'), '0.9:1', rtpText(andarBaharRtp('andar'))],
              [t('cardTables.spot.bahar'), '1:1', rtpText(andarBaharRtp('bahar'))],
              ...ANDAR_BAHAR_RANGES.map((r): [string, string, string] => [
                t(`cardTables.spot.${r.id}`),
                `${(r.pays_x100 - 100) / 100}:1`,
                rtpText(andarBaharRtp(r.id)),
              ]),
            ]}
          />
          <p className="text-[12px] text-fg-subtle">{t('cardTables.singleDeck')}</p>
        </>
      }
    />
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
            <span data-testid="cards-dealt">{t('cardTables.cardsDealt', { n: deal.dealt })}</span>
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
