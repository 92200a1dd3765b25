import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/badge.tsx';
import { Card, Details } from '../../components/card.tsx';
import { JsonView } from '../../components/json-view.tsx';
import { Modal } from '../../components/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';

/** One casino bet as `GET /players/:id/casino-bets/:ref` answers it (the same shape players see). */
type Bet = {
  id: string;
  kind: 'original' | 'crash' | 'studio';
  game: string;
  game_name: string;
  provider: string;
  state: string;
  currency: string;
  amount: string;
  payout: string;
  multiplier: string | null;
  won: boolean;
  created_at: string;
  details: Record<string, unknown>;
  fairness: Record<string, unknown> | null;
  round: {
    ref: string;
    status: string;
    bonus_funded: boolean;
    closed_at: string | null;
    transactions: Array<{
      ref: string;
      kind: string;
      amount: string | null;
      status: string;
      at: string;
    }>;
  } | null;
};
type Recall = { per_game: number; games: Array<{ game: string; game_name: string; bets: Bet[] }> };

/**
 * Game recall in the player view: the last rounds of every game the player played; a row opens
 * the round's detail (result, money, fairness data), and that read is audited.
 */
export function CasinoBetsTab({ id }: { id: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const recall = useQuery({
    queryKey: ['player', id, 'casino-bets'],
    queryFn: async () => (await api<Recall>(`/players/${id}/casino-bets`)).data,
  });
  if (recall.isLoading)
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  if (!recall.data) return <p className="text-fg-muted">{errorMessage(recall.error)}</p>;
  if (recall.data.games.length === 0) return <p className="text-fg-muted">No casino rounds yet.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {recall.data.games.map((game) => (
        <Card key={game.game} title={`${game.game_name} · last ${game.bets.length}`} padded={false}>
          <table className="w-full text-[13px]" aria-label={`${game.game_name} rounds`}>
            <tbody className="divide-y divide-ink-750">
              {game.bets.map((bet) => (
                <tr key={bet.id}>
                  <td className="px-3.5 py-1.5">
                    <button
                      type="button"
                      className="font-mono text-accent-400 hover:underline"
                      onClick={() => setOpen(bet.id)}
                      data-testid={`casino-bet-${bet.id}`}
                    >
                      {bet.id}
                    </button>
                  </td>
                  <td className="px-3.5 py-1.5 text-fg-muted">{formatDateTime(bet.created_at)}</td>
                  <td className="px-3.5 py-1.5 text-right font-mono tabular-nums">
                    {bet.amount} → {bet.payout} {bet.currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ))}
      <BetDialog player={id} bet={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function BetDialog({
  player,
  bet,
  onClose,
}: {
  player: string;
  bet: string | null;
  onClose: () => void;
}) {
  const detail = useQuery({
    queryKey: ['player', player, 'casino-bet', bet],
    queryFn: async () =>
      (await api<Bet>(`/players/${player}/casino-bets/${encodeURIComponent(bet ?? '')}`)).data,
    enabled: bet !== null,
  });
  const b = detail.data;
  return (
    <Modal
      open={bet !== null}
      onClose={onClose}
      title={b ? `${b.game_name} · ${b.id}` : 'Casino bet'}
      wide
    >
      {!b ? (
        detail.isLoading ? (
          <Spinner />
        ) : (
          <p className="text-fg-muted">{errorMessage(detail.error)}</p>
        )
      ) : (
        <div className="grid gap-4" data-testid="casino-bet-detail">
          <Details
            rows={{
              Game: `${b.game_name} (${b.provider})`,
              State: <Badge tone={b.won ? 'positive' : 'neutral'}>{b.won ? 'won' : b.state}</Badge>,
              Stake: `${b.amount} ${b.currency}`,
              Payout: `${b.payout} ${b.currency}`,
              Multiplier: b.multiplier ? `${b.multiplier}×` : '—',
              Time: formatDateTime(b.created_at),
            }}
          />
          <div>
            <h3 className="mb-1 text-[12px] font-semibold tracking-wide text-fg-subtle uppercase">
              Result
            </h3>
            <JsonView value={b.details} />
          </div>
          {b.fairness && (
            <div>
              <h3 className="mb-1 text-[12px] font-semibold tracking-wide text-fg-subtle uppercase">
                Fairness
              </h3>
              <JsonView value={b.fairness} />
            </div>
          )}
          {b.round && (
            <div>
              <h3 className="mb-1 text-[12px] font-semibold tracking-wide text-fg-subtle uppercase">
                Studio round {b.round.ref}
              </h3>
              <JsonView value={b.round.transactions} />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
