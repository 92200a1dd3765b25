import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
import { TextField } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type LoyaltyAdminLevels, useLoyaltyLevels } from './api.ts';
import { HostView } from './host-view.tsx';
import { LevelsEditor } from './levels-editor.tsx';

/**
 * Loyalty: the VIP ladder and its rakeback rates, the sportsbook's edge for rakeback (every
 * change audited), and the VIP host's view of players per level.
 */
export function LoyaltyPage() {
  const { can } = useAuth();
  const levels = useLoyaltyLevels();
  return (
    <>
      <PageHeader
        title="Loyalty"
        subtitle="VIP levels by real-money volume, rakeback on the house edge, level-up rewards"
      />
      {levels.isLoading && (
        <div className="flex h-40 items-center justify-center text-fg-muted">
          <Spinner />
        </div>
      )}
      {levels.data && (
        <div className="mb-4 grid gap-4">
          <LevelsEditor levels={levels.data.levels} editable={can('promotions.write')} />
          <SportsEdge settings={levels.data.settings} editable={can('promotions.write')} />
        </div>
      )}
      {can('players.read') && <HostView />}
    </>
  );
}

function SportsEdge({
  settings,
  editable,
}: {
  settings: LoyaltyAdminLevels['settings'];
  editable: boolean;
}) {
  const client = useQueryClient();
  const [edge, setEdge] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api<LoyaltyAdminLevels>('/loyalty/settings', {
        method: 'PATCH',
        json: { sports_edge_bp: Number(edge ?? settings.sports_edge_bp) },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      setEdge(null);
      void client.invalidateQueries({ queryKey: ['loyalty'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card title="Sportsbook edge for rakeback">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-56">
          <TextField
            label="Edge (basis points)"
            inputMode="numeric"
            disabled={!editable}
            value={edge ?? String(settings.sports_edge_bp)}
            hint={`Changed ${formatDateTime(settings.updated_at)}`}
            onChange={(event) => setEdge(event.target.value)}
          />
        </div>
        {editable && (
          <Button disabled={edge === null} loading={save.isPending} onClick={() => save.mutate()}>
            Save
          </Button>
        )}
        <p className="max-w-md text-[13px] text-fg-muted">
          Casino games use their own edge (originals&apos; settings, a studio game&apos;s RTP).
          Sports bets count this operator-set edge: 500 = 5 %.
        </p>
      </div>
    </Card>
  );
}
