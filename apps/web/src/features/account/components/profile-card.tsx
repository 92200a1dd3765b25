import type { Customer } from '@casino/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { UserIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import {
  makeProfileSchema,
  type ProfileInput,
  profilePatch,
  useUpdateProfile,
} from '../api/update-profile.ts';
import { serverFieldErrors } from './field-errors.ts';
import { SettingsCard } from './settings-card.tsx';

/** Read-only fields: flat and muted (`!` wins over the control's own colours). */
const readOnlyClasses =
  'cursor-default border-dashed border-ink-700! bg-ink-900/40! text-fg-muted! hover:border-ink-700!';

const phoneOf = (customer: Customer) => customer.phone ?? '';

export function ProfileCard({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const schema = useMemo(() => makeProfileSchema(t), [t, i18n.language]);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: customer.name, phone: phoneOf(customer) },
  });
  const mutation = useUpdateProfile();

  const submit = form.handleSubmit(async (input) => {
    const patch = profilePatch(input, form.formState.defaultValues as ProfileInput);
    if (!patch.name && !patch.phone) {
      toast.info(t('account.profile.noChanges'));
      return;
    }
    try {
      const response = await mutation.mutateAsync(patch);
      form.reset({ name: response.data.name, phone: patch.phone ?? input.phone.trim() });
      toast.success(response.message);
    } catch (error) {
      const fields = serverFieldErrors(error, { name: 'name', phone: 'phone' } as const);
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0) toast.error(errorMessage(error));
    }
  });

  const saving = mutation.isPending;
  const currency = customer.currency
    ? `${customer.currency.code} · ${customer.currency.name}`
    : t('account.profile.noCurrency');

  return (
    <SettingsCard
      icon={<UserIcon size={20} />}
      title={t('account.profile.title')}
      description={t('account.profile.description')}
      testId="profile-card"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('account.profile.name')}
            autoComplete="name"
            maxLength={100}
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label={t('account.profile.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={24}
            placeholder="+44 20 7946 0000"
            hint={t('account.profile.phoneHint')}
            error={form.formState.errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            label={t('account.profile.email')}
            value={customer.email}
            title={customer.email}
            readOnly
            className={readOnlyClasses}
          />
          <TextField
            label={t('account.profile.username')}
            value={customer.username}
            readOnly
            className={readOnlyClasses}
          />
          <TextField
            label={t('account.profile.currency')}
            value={currency}
            readOnly
            className={readOnlyClasses}
          />
        </div>
        <div className="flex justify-end border-t border-ink-700/70 pt-4">
          <Button type="submit" loading={saving} disabled={!form.formState.isDirty}>
            {saving ? t('account.profile.saving') : t('account.profile.save')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
