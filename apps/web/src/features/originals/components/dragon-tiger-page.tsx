import { dragonTigerRtp } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { CardTablePage, Hand, Paytable, rtpText } from './card-table.tsx';

/** Dragon Tiger: one card each, the higher wins. */
export function DragonTigerPage() {
  const { t } = useTranslation();
  return (
    <CardTablePage
      game="dragon-tiger"
      spotColumns={3}
      board={(result) => {
        const deal = result?.deal;
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
      }}
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
