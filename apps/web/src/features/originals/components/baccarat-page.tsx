import { BACCARAT_PAYS_X100, baccaratRtp } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { CardTablePage, Paytable, rtpText } from './card-table.tsx';
import { BaccaratBoard } from './table-boards.tsx';

const pays = (x100: number) => `${(x100 - 100) / 100}:1`;

/** Baccarat (Punto Banco): Player against Banker, third cards by the tableau. */
export function BaccaratPage() {
  const { t } = useTranslation();
  return (
    <CardTablePage
      game="baccarat"
      spotColumns={3}
      board={(result) => <BaccaratBoard deal={result?.deal} />}
      rules={
        <>
          <p>{t('cardTables.baccarat.rules1')}</p>
          <p>{t('cardTables.baccarat.rules2')}</p>
          <p>{t('cardTables.baccarat.rules3')}</p>
          <Paytable
            rows={[
              [
                t('cardTables.spot.player'),
                pays(BACCARAT_PAYS_X100.player),
                rtpText(baccaratRtp('player')),
              ],
              [
                t('cardTables.spot.banker'),
                pays(BACCARAT_PAYS_X100.banker),
                rtpText(baccaratRtp('banker')),
              ],
              [t('cardTables.spot.tie'), pays(BACCARAT_PAYS_X100.tie), rtpText(baccaratRtp('tie'))],
              [
                `${t('cardTables.spot.player_pair')} / ${t('cardTables.spot.banker_pair')}`,
                pays(BACCARAT_PAYS_X100.player_pair),
                rtpText(baccaratRtp('player_pair')),
              ],
            ]}
          />
          <p className="text-[12px] text-fg-subtle">{t('cardTables.infiniteDeck')}</p>
        </>
      }
    />
  );
}
