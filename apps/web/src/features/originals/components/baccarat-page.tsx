import { BACCARAT_PAYS_X100, baccaratRtp } from '@casino/games';
import { useTranslation } from 'react-i18next';
import type { CardDeal } from './card-rules.ts';
import { CardTablePage, Hand, Paytable, rtpText } from './card-table.tsx';

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
