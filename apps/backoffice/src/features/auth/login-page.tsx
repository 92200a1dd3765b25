import type { AdminLoginResult, StaffMe } from '@casino/contracts';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { login } from './login.ts';

type Step =
  | { kind: 'credentials' }
  | { kind: 'code' }
  | { kind: 'enrol'; enrolment: Extract<AdminLoginResult, { step: 'enrol' }>['enrolment'] }
  | { kind: 'recovery'; codes: string[]; token: string; staff: StaffMe };

/** Staff sign-in: password, then a TOTP code (or enrolment with a QR code the first time). */
export function LoginPage() {
  const { me, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next')?.startsWith('/') ? params.get('next')! : '/';
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (me && step.kind !== 'recovery') return <Navigate to={next} replace />;

  const finish = (result: Extract<AdminLoginResult, { step: 'done' }>) => {
    if (result.recovery_codes) {
      setStep({
        kind: 'recovery',
        codes: result.recovery_codes,
        token: result.token,
        staff: result.staff,
      });
      return;
    }
    signIn(result.token, result.staff);
    navigate(next, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) problems.email = 'Enter your work email';
    if (!password) problems.password = 'Enter your password';
    if (step.kind !== 'credentials') {
      if (!useRecovery && !/^\d{6}$/.test(code.trim())) problems.code = 'Enter the 6-digit code';
      if (useRecovery && code.trim().length < 10) problems.code = 'Enter a recovery code';
    }
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const result = await login({
        email: email.trim(),
        password,
        ...(step.kind === 'credentials' ? {} : { code: code.trim() }),
      });
      if (result.step === 'done') finish(result);
      else if (result.step === 'code') setStep({ kind: 'code' });
      else setStep({ kind: 'enrol', enrolment: result.enrolment });
      setCode('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Sign-in failed');
      if (caught instanceof ApiError && caught.code === 'INVALID_CREDENTIALS') {
        setStep({ kind: 'credentials' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm">
        <div className="mb-5 flex items-center gap-2">
          <span className="grid size-7 place-items-center rounded bg-accent-500 text-xs font-bold text-white">
            BO
          </span>
          <div>
            <h1 className="text-base font-semibold">Back office</h1>
            <p className="text-xs text-fg-subtle">Staff only. Every action is recorded.</p>
          </div>
        </div>
        <div className="rounded-lg border border-ink-700 bg-ink-900 p-5 shadow-pop">
          {step.kind === 'recovery' ? (
            <RecoveryCodes
              codes={step.codes}
              onDone={() => {
                signIn(step.token, step.staff);
                navigate(next, { replace: true });
              }}
            />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-3">
              {step.kind === 'credentials' ? (
                <>
                  <TextField
                    label="Email"
                    type="email"
                    autoComplete="username"
                    autoFocus
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    error={fieldErrors.email}
                  />
                  <TextField
                    label="Password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    error={fieldErrors.password}
                  />
                </>
              ) : (
                <>
                  <p className="text-[13px] text-fg-muted">
                    Signing in as <span className="font-medium text-fg">{email}</span>{' '}
                    <button
                      type="button"
                      className="text-accent-400 hover:underline"
                      onClick={() => {
                        setStep({ kind: 'credentials' });
                        setError(null);
                      }}
                    >
                      change
                    </button>
                  </p>
                  {step.kind === 'enrol' && <Enrolment enrolment={step.enrolment} />}
                  <TextField
                    label={
                      useRecovery
                        ? 'Recovery code'
                        : step.kind === 'enrol'
                          ? 'Code shown by the app'
                          : 'Authenticator code'
                    }
                    autoFocus
                    autoComplete="one-time-code"
                    inputMode={useRecovery ? 'text' : 'numeric'}
                    maxLength={useRecovery ? 11 : 6}
                    placeholder={useRecovery ? 'xxxxx-xxxxx' : '123456'}
                    className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    error={fieldErrors.code}
                    name="code"
                  />
                  {step.kind === 'code' && (
                    <button
                      type="button"
                      className="self-start text-xs text-accent-400 hover:underline"
                      onClick={() => {
                        setUseRecovery(!useRecovery);
                        setCode('');
                      }}
                    >
                      {useRecovery
                        ? 'Use the authenticator app'
                        : 'Lost your phone? Use a recovery code'}
                    </button>
                  )}
                </>
              )}
              {error && (
                <p
                  role="alert"
                  className="rounded-md bg-negative/10 px-2.5 py-2 text-[13px] text-negative"
                >
                  {error}
                </p>
              )}
              <Button type="submit" variant="primary" size="md" loading={busy}>
                {step.kind === 'credentials'
                  ? 'Continue'
                  : step.kind === 'enrol'
                    ? 'Confirm and sign in'
                    : 'Sign in'}
              </Button>
            </form>
          )}
        </div>
        <p className="mt-3 text-center text-[11px] text-fg-subtle">
          Sessions end after 30 minutes without activity.
        </p>
      </div>
    </div>
  );
}

function Enrolment({ enrolment }: { enrolment: Extract<Step, { kind: 'enrol' }>['enrolment'] }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-ink-700 bg-ink-850 p-3">
      <p className="text-[13px] font-medium">Set up two-factor sign-in</p>
      <p className="text-xs text-fg-muted">
        Two-factor sign-in is required. Scan this code with an authenticator app (Google
        Authenticator, 1Password, Authy…), then enter the 6-digit code it shows.
      </p>
      <img
        src={enrolment.qr_data_url}
        alt="QR code for the authenticator app"
        className="mx-auto size-44 rounded bg-white p-1"
      />
      <p className="text-xs text-fg-subtle">Or enter this key by hand:</p>
      <code
        data-testid="totp-secret"
        className="block rounded bg-ink-950 px-2 py-1.5 text-center font-mono text-xs tracking-wider break-all select-all"
      >
        {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
      </code>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold">Save your recovery codes</h2>
      <p className="text-xs text-fg-muted">
        Each code signs you in once if you lose your phone. They are shown only now; store them in a
        password manager.
      </p>
      <ol className="grid grid-cols-2 gap-1.5 rounded-md bg-ink-950 p-3 font-mono text-[13px]">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex gap-2">
        <Button
          size="xs"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
        >
          Copy
        </Button>
      </div>
      <label className="flex items-center gap-2 text-[13px]">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        I have stored these codes safely
      </label>
      <Button variant="primary" size="md" disabled={!saved} onClick={onDone}>
        Continue to the back office
      </Button>
    </div>
  );
}
