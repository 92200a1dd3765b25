import {
  PAIR_PLUS_PAYS_X100,
  pairPlusRtp,
  TEEN_PATTI_HANDS,
  teenPattiAnteRtp,
} from '@casino/games';
import { useTranslation } from 'react-i18next';
import { useEdges } from '../api/originals.ts';
import type { CardDeal } from './card-rules.ts';
import { CardTablePage, Hand, Paytable, rtpText } from './card-table.tsx';

/** Teen Patti against the dealer: Ante and Pair Plus, one deck. */
export function TeenPattiPage() {
  const { t } = useTranslation();
  const edge_bp = useEdges().data?.['teen-patti'] ?? 100;
  return (
    <CardTablePage
      game="teen-patti"
      spotColumns={2}
      board={(result) => <TeenPattiBoard deal={result?.deal} />}
      rules={
        <>
          <p>{t('cardTables.teen-patti.rules1')}</p>
          <p>{t('cardTables.teen-patti.rules2')}</p>
          <p>
            {t('cardTables.teen-patti.rules3', {
              pays: ((10_000 - 2 * edge_bp) / 10_000).toFixed(2),
              rtp: rtpText(teenPattiAnteRtp(edge_bp)),
            })}
          </p>
          <Paytable
            rows={[...TEEN_PATTI_HANDS]
              .reverse()
              .filter((hand) => PAIR_PLUS_PAYS_X100[hand] > 0)
              .map((hand) => [
                `${t('cardTables.spot.pair_plus')} · ${t(`cardTables.hand.${hand}`)}`,
                `${(PAIR_PLUS_PAYS_X100[hand] - 100) / 100}:1`,
              ])}
          />
          <p>{t('cardTables.teen-patti.pairPlusRtp', { rtp: rtpText(pairPlusRtp()) })}</p>
          <p className="text-[12px] text-fg-subtle">{t('cardTables.singleDeck')}</p>
        </>
      }
    />
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
