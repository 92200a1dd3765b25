import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/button.tsx';
import { TRACK_PARAM } from './withdrawal-sheet.tsx';

/** Opens a withdrawal's tracker sheet, keeping the tab's filters in the address. */
export function TrackLink({ id }: { id: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set(TRACK_PARAM, id);
  return (
    <Link
      to={{ search: `?${next}` }}
      replace
      className={buttonClasses({ size: 'sm', variant: 'ghost' })}
      data-testid="history-track"
    >
      {t('withdrawalTracker.track')}
    </Link>
  );
}
