import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button.tsx';
import { TextField } from '../../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';

type CodePromptProps = {
  /** What the code is for, above the field. */
  prompt: string;
  submitLabel: string;
  /** Recovery codes are accepted wherever a code from the app is. */
  allowRecovery?: boolean;
  danger?: boolean;
  onSubmit: (code: string) => Promise<unknown>;
  onCancel?: () => void;
  testId?: string;
};

/** One code field and its button: confirm, turn off, new recovery codes. */
export function CodePrompt({
  prompt,
  submitLabel,
  allowRecovery = true,
  danger = false,
  onSubmit,
  onCancel,
  testId,
}: CodePromptProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const promptId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed.length < 6) {
      setError(t('security.code.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(typed);
      setCode('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_CODE_INVALID') {
        setError(t('security.code.invalid'));
      } else toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid={testId}>
      <p id={promptId} className="text-sm text-fg-muted">
        {prompt}
      </p>
      <TextField
        label={allowRecovery ? t('security.code.labelOrRecovery') : t('security.code.label')}
        inputMode={allowRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        aria-describedby={promptId}
        className="font-mono tracking-[0.2em]"
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            {t('security.cancel')}
          </Button>
        )}
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
