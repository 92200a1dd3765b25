import { ANDAR_BAHAR_RANGES, andarBaharRtp } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { CardTablePage, Paytable, rtpText } from './card-table.tsx';
import { AndarBaharBoard } from './table-boards.tsx';

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
