import type { TwoFactorChallenge } from '@casino/contracts/security';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ShieldIcon } from '../../../components/icons.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { LoginResponse } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import { useLoginTwoFactor } from '../api/login.ts';

type TwoFactorStepProps = {
  challenge: TwoFactorChallenge;
  onDone: (response: LoginResponse) => void;
  /** Back to the password: the challenge expired, was used up, or the player wants out. */
  onRestart: () => void;
};

/** The sign-in's second step for a player with two-factor on. */
export function TwoFactorStep({ challenge, onDone, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const mutation = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) {
      setError(t('security.code.required'));
      return;
    }
    setError(undefined);
    try {
      onDone(
        await mutation.mutateAsync({
          challenge_token: challenge.challenge_token,
          code: code.trim(),
        }),
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_CODE_INVALID') {
        setError(t('security.code.invalid'));
        return;
      }
      toast.error(errorMessage(failure));
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_CHALLENGE_INVALID')
        onRestart();
    }
  };

  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="two-factor-step"
    >
      <div className="flex items-start gap-3 rounded-xl border border-ink-700 bg-ink-850/60 p-3 text-sm text-fg-muted">
        <ShieldIcon size={20} className="mt-0.5 shrink-0 text-accent-400" />
        <p>{recovery ? t('security.signIn.recoveryExplain') : t('security.signIn.explain')}</p>
      </div>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? t('security.code.recoveryLabel') : t('security.code.label')}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        maxLength={32}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        className="font-mono tracking-[0.2em]"
      />
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? t('auth.signingIn') : t('security.signIn.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => {
            setRecovery((value) => !value);
            setCode('');
            setError(undefined);
          }}
          className="font-medium text-accent-400 hover:text-accent-300"
        >
          {recovery ? t('security.signIn.useApp') : t('security.signIn.useRecovery')}
        </button>
        <button
          type="button"
          onClick={onRestart}
          className="font-medium text-fg-muted hover:text-fg"
        >
          {t('auth.backToSignIn')}
        </button>
      </div>
    </form>
  );
}
