import {
  PAIR_PLUS_PAYS_X100,
  pairPlusRtp,
  TEEN_PATTI_HANDS,
  teenPattiAnteRtp,
} from '@casino/games';
import { useTranslation } from 'react-i18next';
import { useEdges } from '../api/originals.ts';
import { CardTablePage, Paytable, rtpText } from './card-table.tsx';
import { TeenPattiBoard } from './table-boards.tsx';

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
