import { ADJUSTMENT_REASON_CODES, adjustmentRequest } from '@casino/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { SelectField, TextArea, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { useRequestAdjustment } from './api.ts';

const REASON_LABELS: Record<(typeof ADJUSTMENT_REASON_CODES)[number], string> = {
  correction: 'Correction of an error',
  goodwill: 'Goodwill gesture',
  compensation: 'Compensation (outage, dispute)',
  chargeback: 'Chargeback',
  promotion: 'Promotion / VIP',
  test: 'Test account',
  other: 'Other (explain)',
};

/** Major units in a decimal string, compared without floats. */
function exceeds(amount: string, threshold: string): boolean {
  const toMinor = (value: string) => {
    const [integer = '0', fraction = ''] = value.replace('-', '').split('.');
    return BigInt(integer + fraction.padEnd(8, '0').slice(0, 8));
  };
  try {
    return toMinor(amount) > toMinor(threshold);
  } catch {
    return false;
  }
}

export function AdjustDialog({
  id,
  currency,
  balance,
  threshold,
  open,
  onClose,
}: {
  id: string;
  currency: { code: string; scale: number };
  balance: string;
  threshold: string;
  open: boolean;
  onClose: () => void;
}) {
  const schema = adjustmentRequest.extend({
    amount: adjustmentRequest.shape.amount.refine(
      (value) => (value.split('.')[1]?.length ?? 0) <= currency.scale,
      `At most ${currency.scale} decimals in ${currency.code}`,
    ),
  });
  type Form = z.input<typeof schema>;
  const mutation = useRequestAdjustment(id);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', reason_code: 'goodwill', comment: '' },
  });
  const amount = form.watch('amount');
  const needsApproval = /^\d/.test(amount ?? '') && exceeds(amount, threshold);
  const signed = (value: string) =>
    direction === 'debit' ? `-${value.replace(/^-/, '')}` : value.replace(/^-/, '');
  /** "1500" → "1500.00" in a scale-2 currency, for the confirmation. */
  const padded = (value: string) => {
    const [integer = '0', fraction = ''] = value.split('.');
    return currency.scale === 0 ? integer : `${integer}.${fraction.padEnd(currency.scale, '0')}`;
  };

  const close = () => {
    setConfirming(false);
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    if (!confirming) return setConfirming(true);
    mutation.mutate({ ...values, amount: signed(values.amount) } as z.output<typeof schema>, {
      onSuccess: (result) => {
        toast.success(result.message);
        close();
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          for (const field of error.fieldErrors) {
            form.setError(field.path.replace(/^body\./, '') as keyof Form, {
              message: field.message,
            });
          }
        } else toast.error(error.message);
      },
    });
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="Adjust balance"
      description={`Moves money through the ledger. Above ${formatMoney(threshold, currency.code)} a second staff member must approve.`}
      footer={
        <>
          <Button variant="ghost" onClick={confirming ? () => setConfirming(false) : close}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button type="submit" form="adjust-form" variant="primary" loading={mutation.isPending}>
            {confirming
              ? needsApproval
                ? 'Confirm: request approval'
                : 'Confirm adjustment'
              : 'Review'}
          </Button>
        </>
      }
    >
      <form id="adjust-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
        {confirming ? (
          <div className="rounded-md border border-ink-600 bg-ink-900 p-3 text-[13px]">
            <p>
              {direction === 'credit' ? 'Credit' : 'Debit'}{' '}
              <strong className={direction === 'credit' ? 'text-positive' : 'text-negative'}>
                {formatMoney(signed(padded(amount)), currency.code)}
              </strong>{' '}
              for “{REASON_LABELS[form.getValues('reason_code') as keyof typeof REASON_LABELS]}”.
            </p>
            <p className="mt-1 text-fg-muted">
              Current cash balance: {formatMoney(balance, currency.code)}
            </p>
            <p className={needsApproval ? 'mt-2 text-warning' : 'mt-2 text-fg-muted'}>
              {needsApproval
                ? 'Above the threshold: this creates a request that another staff member must approve.'
                : 'At or below the threshold: the balance changes immediately.'}
            </p>
          </div>
        ) : (
          <>
            <fieldset aria-label="Direction" className="grid grid-cols-2 gap-2">
              {(['credit', 'debit'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={direction === option}
                  onClick={() => setDirection(option)}
                  className={
                    direction === option
                      ? `h-8 rounded-md border text-[13px] font-medium ${option === 'credit' ? 'border-positive/60 bg-positive/10 text-positive' : 'border-negative/60 bg-negative/10 text-negative'}`
                      : 'h-8 rounded-md border border-ink-600 text-[13px] text-fg-muted hover:text-fg'
                  }
                >
                  {option === 'credit' ? '+ Credit' : '− Debit'}
                </button>
              ))}
            </fieldset>
            <TextField
              label={`Amount (${currency.code})`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              {...form.register('amount')}
              error={form.formState.errors.amount?.message}
              hint={needsApproval ? 'Needs a second approval' : undefined}
            />
            <SelectField
              label="Reason"
              {...form.register('reason_code')}
              error={form.formState.errors.reason_code?.message}
            >
              {ADJUSTMENT_REASON_CODES.map((code) => (
                <option key={code} value={code}>
                  {REASON_LABELS[code]}
                </option>
              ))}
            </SelectField>
            <TextArea
              label="Comment"
              placeholder="Why, with a ticket or reference number"
              maxLength={500}
              {...form.register('comment')}
              error={form.formState.errors.comment?.message}
            />
          </>
        )}
      </form>
    </Modal>
  );
}
