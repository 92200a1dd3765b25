import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useLoyalty, useMarkNoticesSeen } from '../api/loyalty.ts';

/**
 * Tells the player of a level reached, once. The server sends no notices to a player who takes
 * no marketing (opted out, self-excluded, in a time-out), so nothing shows for them.
 */
export function LevelUpWatcher() {
  const { t } = useTranslation();
  const loyalty = useLoyalty();
  const seen = useMarkNoticesSeen();
  const shown = useRef(0);
  const notices = loyalty.data?.notices ?? [];
  const top = notices.at(-1);
  useEffect(() => {
    if (!top || top.rank <= shown.current) return;
    shown.current = top.rank;
    toast.success(t('vip.levelUp', { level: top.name }), { toastId: `vip-level-${top.rank}` });
    seen.mutate(top.rank);
  }, [top, t, seen]);
  return null;
}
