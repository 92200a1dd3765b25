import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { SelectField, TextArea, TextField } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { AdminLevel, LoyaltyAdminLevels } from './api.ts';

/** One row of the editor, as the form holds it (strings while typing). */
type Draft = {
  name: string;
  threshold: string;
  rakeback_bp: string;
  reward_kind: 'none' | 'cash' | 'bonus';
  reward_amount: string;
  reward_promotion_id: string;
  benefits: string;
};

const LEVELS_MAX = 20;

const toDraft = (level: AdminLevel): Draft => ({
  name: level.name,
  threshold: level.threshold,
  rakeback_bp: String(level.rakeback_bp),
  reward_kind: level.reward.kind,
  reward_amount: level.reward.amount ?? '',
  reward_promotion_id: level.reward.promotion_id ?? '',
  benefits: level.benefits.join('\n'),
});

const toInput = (draft: Draft) => ({
  name: draft.name.trim(),
  threshold: draft.threshold.trim(),
  rakeback_bp: Number(draft.rakeback_bp),
  reward_kind: draft.reward_kind,
  reward_amount: draft.reward_kind === 'cash' ? draft.reward_amount.trim() : null,
  reward_promotion_id: draft.reward_kind === 'bonus' ? draft.reward_promotion_id.trim() : null,
  benefits: draft.benefits
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});

/**
 * The VIP ladder, lowest level first: what each level takes (EUR wagered with real money), the
 * share of the house edge it gives back, and its level-up reward. Saved whole, audited.
 */
export function LevelsEditor({ levels, editable }: { levels: AdminLevel[]; editable: boolean }) {
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const rows = drafts ?? levels.map(toDraft);
  const edit = (index: number, patch: Partial<Draft>) =>
    setDrafts(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const save = useMutation({
    mutationFn: () =>
      api<LoyaltyAdminLevels>('/loyalty/levels', {
        method: 'PUT',
        json: { levels: rows.map(toInput) },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      setDrafts(null);
      void client.invalidateQueries({ queryKey: ['loyalty'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card
      title="VIP levels"
      actions={
        editable && (
          <>
            <Button
              variant="secondary"
              disabled={rows.length >= LEVELS_MAX}
              onClick={() =>
                setDrafts([
                  ...rows,
                  {
                    name: '',
                    threshold: '',
                    rakeback_bp: '0',
                    reward_kind: 'none',
                    reward_amount: '',
                    reward_promotion_id: '',
                    benefits: '',
                  },
                ])
              }
            >
              Add level
            </Button>
            {drafts && (
              <Button variant="ghost" onClick={() => setDrafts(null)}>
                Discard
              </Button>
            )}
            <Button
              data-testid="loyalty-save-levels"
              disabled={!drafts}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              Save levels
            </Button>
          </>
        )
      }
    >
      <p className="mb-3 text-[13px] text-fg-muted">
        Thresholds are EUR wagered with real money (bets in other currencies convert at the
        operator&apos;s rates). Rakeback is a share of the game&apos;s house edge, in basis points
        (1000 = 10 % of the edge). Players keep a level once reached.
      </p>
      <ol className="grid gap-3">
        {rows.map((row, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the rank is the position.
            key={index}
            className="grid gap-3 rounded-md border border-ink-700 bg-ink-850 p-3 md:grid-cols-[40px_repeat(4,minmax(0,1fr))]"
          >
            <div className="text-[13px] font-semibold text-fg-subtle md:pt-6">#{index + 1}</div>
            <TextField
              label="Name"
              value={row.name}
              disabled={!editable}
              onChange={(event) => edit(index, { name: event.target.value })}
            />
            <TextField
              label="Threshold (EUR)"
              inputMode="decimal"
              value={row.threshold}
              disabled={!editable}
              onChange={(event) => edit(index, { threshold: event.target.value })}
            />
            <TextField
              label="Rakeback (bp of edge)"
              inputMode="numeric"
              value={row.rakeback_bp}
              disabled={!editable}
              onChange={(event) => edit(index, { rakeback_bp: event.target.value })}
            />
            <div className="grid grid-cols-2 gap-2">
              <SelectField
                label="Reward"
                value={row.reward_kind}
                disabled={!editable}
                onChange={(event) =>
                  edit(index, { reward_kind: event.target.value as Draft['reward_kind'] })
                }
              >
                <option value="none">None</option>
                <option value="cash">Cash</option>
                <option value="bonus">Bonus</option>
              </SelectField>
              {row.reward_kind === 'cash' && (
                <TextField
                  label="Amount (EUR)"
                  inputMode="decimal"
                  value={row.reward_amount}
                  disabled={!editable}
                  onChange={(event) => edit(index, { reward_amount: event.target.value })}
                />
              )}
              {row.reward_kind === 'bonus' && (
                <TextField
                  label="Promotion id"
                  inputMode="numeric"
                  value={row.reward_promotion_id}
                  disabled={!editable}
                  onChange={(event) => edit(index, { reward_promotion_id: event.target.value })}
                />
              )}
            </div>
            <div className="md:col-span-4 md:col-start-2">
              <TextArea
                label="Benefits (one per line, shown on the player's VIP page)"
                rows={2}
                value={row.benefits}
                disabled={!editable}
                onChange={(event) => edit(index, { benefits: event.target.value })}
              />
            </div>
            {editable && rows.length > 1 && (
              <div className="md:col-span-4 md:col-start-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDrafts(rows.filter((_, i) => i !== index))}
                >
                  Remove level
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
