import type { TwoFactorChallenge } from '@casino/contracts/security';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { setFlash } from '../../../lib/flash.ts';
import { closeModal, openModal } from '../../../lib/modal-store.ts';
import { type LoginResponse, storeLogin } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import { makeForgotPasswordSchema, useForgotPassword } from '../api/forgot-password.ts';
import { isChallenge, type LoginInput, makeLoginInputSchema, useLogin } from '../api/login.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

/* The form bodies, loaded on first open (react-hook-form and zod live in this chunk). */

export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const schema = useMemo(() => makeLoginInputSchema(t), [t, i18n.language]);
  const form = useForm<LoginInput>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const loginMutation = useLogin();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const submit = form.handleSubmit(async (input) => {
    try {
      const response = await loginMutation.mutateAsync(input);
      if (isChallenge(response)) setChallenge(response);
      else finishSignIn(response);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onDone={finishSignIn}
        onRestart={() => {
          setChallenge(null);
          loginMutation.reset();
          form.setValue('password', '');
        }}
      />
    );
  }

  const busy = loginMutation.isPending || (loginMutation.isSuccess && !challenge);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('auth.emailOrUsername')}
        // "webauthn": the browser also suggests the player's passkeys here (decision 0145).
        autoComplete="username webauthn"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <div className="flex flex-col gap-2">
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <button
          type="button"
          onClick={onForgot}
          className="self-end text-[13px] font-medium text-accent-400 hover:text-accent-300"
        >
          {t('auth.forgotPassword')}
        </button>
      </div>
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <PasskeySignIn onDone={finishSignIn} />
      <p className="text-center text-sm text-fg-muted">
        {t('auth.noAccount')}{' '}
        <button
          type="button"
          onClick={() => openModal('register')}
          className="font-semibold text-fg hover:text-accent-300"
        >
          {t('auth.createAccount')}
        </button>
      </p>
    </form>
  );
}

/** Spec §4: store, close, success toast, reload. */
function finishSignIn(response: LoginResponse) {
  storeLogin(response);
  closeModal();
  toast.success(response.message);
  setFlash({ kind: 'success', message: response.message });
  window.location.reload();
}

type ForgotState = 'idle' | 'sending' | 'sent';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow the language
  const schema = useMemo(() => makeForgotPasswordSchema(t), [t, i18n.language]);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const [state, setState] = useState<ForgotState>('idle');
  const mutation = useForgotPassword();

  const submit = form.handleSubmit(async (input) => {
    setState('sending');
    try {
      const response = await mutation.mutateAsync(input);
      toast.success(response.message);
      // Spec §4: Sent, and the button stays disabled afterwards.
      setState('sent');
    } catch (error) {
      toast.error(errorMessage(error));
      setState('idle');
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={state === 'sent'}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button
        type="submit"
        size="lg"
        block
        loading={state === 'sending'}
        disabled={state !== 'idle'}
        icon={state === 'sent' ? <CheckIcon size={18} /> : undefined}
      >
        {state === 'idle'
          ? t('auth.sendRequest')
          : state === 'sending'
            ? t('auth.sending')
            : t('auth.sent')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="self-center text-sm font-medium text-fg-muted hover:text-fg"
      >
        {t('auth.backToSignIn')}
      </button>
    </form>
  );
}
