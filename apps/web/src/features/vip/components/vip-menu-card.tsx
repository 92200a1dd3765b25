import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoyalty } from '../api/loyalty.ts';
import { LevelProgress } from './level-progress.tsx';

/** The player menu's VIP line: the level, the bar to the next one, a link to /vip. */
export function VipMenuCard({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const loyalty = useLoyalty();
  if (!loyalty.data) return <div className="h-[52px]" aria-hidden="true" />;
  return (
    <Link
      to="/vip"
      onClick={onNavigate}
      data-testid="vip-menu-card"
      aria-label={t('vip.openPage')}
      className="block rounded-lg px-3 py-2 transition-colors hover:bg-ink-750 focus-visible:bg-ink-750"
    >
      <LevelProgress overview={loyalty.data} compact />
    </Link>
  );
}
