import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { SelectField } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

type SpendingOrder = 'cash_first' | 'bonus_first';

const EXPLAINED: Record<SpendingOrder, string> = {
  cash_first:
    'Stakes come from cash. Bonus money stays locked until its wagering is met, then converts (up to the cap).',
  bonus_first:
    "Casino bets (originals and studio slots) stake a running bonus's balance before cash; their wins stay bonus money until the wagering is met. A bonus whose balance is spent ends as used up. Sports bets stake cash.",
};

/** Decision 0805: the order of spending, one setting for the whole site (audited). */
export function SpendingOrderCard({ editable }: { editable: boolean }) {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['bonus-settings'],
    queryFn: async () => (await api<{ spending_order: SpendingOrder }>('/bonus-settings')).data,
  });
  const [choice, setChoice] = useState<SpendingOrder | null>(null);
  const save = useMutation({
    mutationFn: (spending_order: SpendingOrder) =>
      api<{ spending_order: SpendingOrder }>('/bonus-settings', {
        method: 'PUT',
        json: { spending_order },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      setChoice(null);
      void client.invalidateQueries({ queryKey: ['bonus-settings'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!settings.data) return null;
  const current = choice ?? settings.data.spending_order;
  return (
    <Card className="mb-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-56">
          <SelectField
            label="Order of spending"
            value={current}
            disabled={!editable}
            onChange={(event) => setChoice(event.target.value as SpendingOrder)}
            data-testid="spending-order"
          >
            <option value="cash_first">Cash first</option>
            <option value="bonus_first">Bonus first</option>
          </SelectField>
        </div>
        <p className="max-w-xl flex-1 pb-1.5 text-sm text-fg-muted">{EXPLAINED[current]}</p>
        {editable && (
          <Button
            variant="primary"
            loading={save.isPending}
            disabled={choice === null || choice === settings.data.spending_order}
            onClick={() => choice && save.mutate(choice)}
          >
            Save
          </Button>
        )}
      </div>
    </Card>
  );
}
