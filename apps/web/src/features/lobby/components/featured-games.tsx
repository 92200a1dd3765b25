import { useTranslation } from 'react-i18next';
import { DiceIcon, SparkIcon } from '../../../components/icons.tsx';
import { useHomeGames } from '../api/lobby.ts';
import { GameRow } from './game-row.tsx';

/** The site home's game rows: featured studio games and the originals. */
export function FeaturedGames() {
  const { t } = useTranslation();
  const home = useHomeGames();
  return (
    <>
      <GameRow
        id="home-featured"
        title={t('lobby.featured')}
        games={home.data?.featured.filter((game) => !game.is_original)}
        loading={home.isPending}
        icon={<SparkIcon size={18} />}
        more="/casino/home"
      />
      <GameRow
        id="home-originals"
        title={t('originals.title')}
        games={home.data?.featured.filter((game) => game.is_original)}
        loading={home.isPending}
        icon={<DiceIcon size={18} />}
        primary
      />
    </>
  );
}
