import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { TextField } from '../../../components/field.tsx';
import { SparkIcon } from '../../../components/icons.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useCurrencies } from '../../../lib/api/get-currencies.ts';
import { errorMessage, request } from '../../../lib/api-client.ts';
import { countryNames } from '../../../lib/countries.ts';
import { closeModal, openModal } from '../../../lib/modal-store.ts';
import { toast } from '../../../lib/toast.ts';
import { makeSignupInputSchema, useSignup } from '../api/signup.ts';
import { useCampaignCode } from '../hooks/use-campaign-code.ts';

/** The form body, loaded on first open (react-hook-form and zod live in this chunk). */
type FormValues = z.infer<ReturnType<typeof makeSignupInputSchema>>;

/** One id for the form's error toasts, so a later success takes the stale one down. */
const REGISTER_ERROR = 'register-error';

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const schema = useMemo(() => makeSignupInputSchema(t), [t, i18n.language]);
  const campaignCode = useCampaignCode();
  const currencies = useCurrencies();
  const signupMutation = useSignup();
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      currency_id: '',
      referral_code: '',
      country: '',
      date_of_birth: '',
      privacy: false,
    },
  });
  const countries = useMemo(() => countryNames(i18n.language), [i18n.language]);
  // The address's country preselects the field; the player corrects it if it is wrong.
  useEffect(() => {
    let cancelled = false;
    request('/jurisdiction')
      .then((body) => {
        const country = (body as { data?: { country?: string | null } }).data?.country;
        if (!cancelled && country && !form.getValues('country')) form.setValue('country', country);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [form]);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    if (!values.privacy) {
      // Spec §5: the message is kept exactly as published, typo included.
      const message = t('auth.privacyRequired');
      form.setError('privacy', { message });
      toast.error(message, { toastId: REGISTER_ERROR });
      return;
    }
    form.clearErrors('privacy');
    try {
      const response = await signupMutation.mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        currency_id: values.currency_id,
        referral_code: values.referral_code,
        campaign_code: campaignCode,
        ...(values.country ? { country: values.country } : {}),
        date_of_birth: values.date_of_birth,
      });
      // An earlier attempt's error must not stay up beside the success.
      toast.dismiss(REGISTER_ERROR);
      // The username is made for the player: they learn it here, with the way to use it.
      const username = response.data?.username;
      toast.success(username ? t('registerDone.withUsername', { username }) : response.message);
      form.reset();
      closeModal();
    } catch (error) {
      toast.error(errorMessage(error), { toastId: REGISTER_ERROR });
    }
  });

  const privacyLabel = (
    <>
      {t('auth.privacyAccept')}{' '}
      <Link
        to="/policies/privacy"
        onClick={closeModal}
        className="font-medium text-accent-400 underline-offset-2 hover:underline"
      >
        {t('auth.privacyLink')}
      </Link>
    </>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {campaignCode && (
        <p className="flex items-center gap-2 rounded-lg border border-accent-500/30 bg-accent-500/10 px-3 py-2 text-[13px] text-accent-300">
          <SparkIcon size={16} />
          {t('auth.campaignApplied', { code: campaignCode })}
        </p>
      )}
      <TextField
        label={t('auth.name')}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('auth.selectCurrency')}
          error={
            errors.currency_id?.message ??
            (currencies.isError ? t('auth.currenciesFailed') : undefined)
          }
          disabled={currencies.isPending}
          {...form.register('currency_id')}
        >
          <option value="">{t('auth.selectCurrency')}</option>
          {currencies.data?.map((currency) => (
            <option key={currency.id} value={String(currency.id)}>
              {currency.code} · {currency.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('auth.country')} {...form.register('country')}>
          <option value="">{t('auth.selectCountry')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('compliance.dobLabel')}
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          error={errors.date_of_birth?.message}
          {...form.register('date_of_birth')}
        />
        <TextField
          label={t('auth.referralCode')}
          optional
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.referral_code?.message}
          {...form.register('referral_code')}
        />
      </div>
      <Checkbox
        label={privacyLabel}
        error={errors.privacy?.message}
        {...form.register('privacy')}
      />
      <Button type="submit" size="lg" block loading={signupMutation.isPending}>
        {signupMutation.isPending ? t('auth.registering') : t('auth.registerSubmit')}
      </Button>
      <p className="text-center text-sm text-fg-muted">
        {t('auth.haveAccount')}{' '}
        <button
          type="button"
          onClick={() => openModal('signIn')}
          className="font-semibold text-fg hover:text-accent-300"
        >
          {t('auth.signIn')}
        </button>
      </p>
    </form>
  );
}
