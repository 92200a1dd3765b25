import { PASSWORD_LENGTH_MIN } from '@casino/contracts/customer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { AlertIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { toast } from '../../../lib/toast.ts';
import { makeResetPasswordSchema, useResetPassword } from '../api/reset-password.ts';

type FormValues = { password: string; confirm: string };

/** The page the reset e-mail links to: `/reset-password?token=…`. */
export function ResetPasswordForm() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const schema = useMemo(() => makeResetPasswordSchema(t), [t, i18n.language]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const mutation = useResetPassword();

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const response = await mutation.mutateAsync({ token, password });
      toast.success(response.message);
      navigate('/', { replace: true });
      openModal('signIn');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (!token) {
    return (
      <div className="flex flex-col items-center gap-5 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-warning/10 text-warning">
          <AlertIcon size={24} />
        </span>
        <p className="text-sm leading-relaxed text-fg-muted">{t('reset.missingToken')}</p>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          {t('common.backHome')}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('reset.newPassword')}
        type="password"
        autoComplete="new-password"
        autoFocus
        hint={t('reset.hint', { min: PASSWORD_LENGTH_MIN })}
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t('reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={form.formState.errors.confirm?.message}
        {...form.register('confirm')}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending}>
        {mutation.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
      <Link to="/" className="self-center text-sm font-medium text-fg-muted hover:text-fg">
        {t('common.backHome')}
      </Link>
    </form>
  );
}
