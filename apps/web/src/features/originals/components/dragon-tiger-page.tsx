import { dragonTigerRtp } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { CardTablePage, Paytable, rtpText } from './card-table.tsx';
import { DragonTigerBoard } from './table-boards.tsx';

/** Dragon Tiger: one card each, the higher wins. */
export function DragonTigerPage() {
  const { t } = useTranslation();
  return (
    <CardTablePage
      game="dragon-tiger"
      spotColumns={3}
      board={(result) => <DragonTigerBoard deal={result?.deal} />}
      rules={
        <>
          <p>{t('cardTables.dragon-tiger.rules1')}</p>
          <p>{t('cardTables.dragon-tiger.rules2')}</p>
          <Paytable
            rows={[
              [
                `${t('cardTables.spot.dragon')} / ${t('cardTables.spot.tiger')}`,
                '1:1',
                rtpText(dragonTigerRtp('dragon')),
              ],
              [t('cardTables.spot.tie'), '11:1', rtpText(dragonTigerRtp('tie'))],
            ]}
          />
          <p className="text-[12px] text-fg-subtle">{t('cardTables.infiniteDeck')}</p>
        </>
      }
    />
  );
}
