import { PASSWORD_LENGTH_MIN } from '@casino/contracts/customer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { LockIcon } from '../../../components/icons.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import {
  makePasswordChangeSchema,
  type PasswordChangeInput,
  useChangePassword,
} from '../api/change-password.ts';
import { serverFieldErrors } from './field-errors.ts';
import { SettingsCard } from './settings-card.tsx';

const EMPTY: PasswordChangeInput = { current: '', next: '', confirm: '' };

export function PasswordCard() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const schema = useMemo(() => makePasswordChangeSchema(t), [t, i18n.language]);
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword();

  const submit = form.handleSubmit(async (input) => {
    try {
      const response = await mutation.mutateAsync({
        current_password: input.current,
        new_password: input.next,
      });
      form.reset(EMPTY);
      toast.success(response.message);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
        form.setError('current', { message: error.message }, { shouldFocus: true });
        return;
      }
      const fields = serverFieldErrors(error, {
        current_password: 'current',
        new_password: 'next',
      } as const);
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0) toast.error(errorMessage(error));
    }
  });

  const changing = mutation.isPending;
  const errors = form.formState.errors;
  return (
    <SettingsCard
      icon={<LockIcon size={20} />}
      title={t('account.password.title')}
      description={t('account.password.description')}
      testId="password-card"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {/* Lets password managers pair the new password with the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={errors.current?.message}
          {...form.register('current')}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          hint={t('account.password.hint', { min: PASSWORD_LENGTH_MIN })}
          error={errors.next?.message}
          {...form.register('next')}
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <div className="flex justify-end border-t border-ink-700/70 pt-4">
          <Button type="submit" loading={changing}>
            {changing ? t('account.password.changing') : t('account.password.change')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
