import type { Passkey } from '@casino/contracts/passkeys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button.tsx';
import { TextField } from '../../../../components/field.tsx';
import { KeyIcon } from '../../../../components/icons.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { toast } from '../../../../lib/toast.ts';
import { useRemovePasskey, useRenamePasskey } from '../../api/passkeys.ts';
import { usePasskeyFailure } from './passkey-failure.ts';

const NAME_MAX = 64;

type Mode = 'view' | 'renaming' | 'removing';

/** One passkey: its name and dates, renaming in place, and removing after a second click. */
export function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('view');
  const remove = useRemovePasskey();
  const failed = usePasskeyFailure();

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(passkey.id);
      toast.success(t('security.passkeys.removedToast'));
    } catch (error) {
      failed(error);
      setMode('view');
    }
  };

  if (mode === 'renaming')
    return (
      <li className="py-3 first:pt-0 last:pb-0" data-testid="passkey-row">
        <RenameForm passkey={passkey} onDone={() => setMode('view')} />
      </li>
    );

  const facts = [
    t('security.passkeys.added', { date: formatDate(passkey.created_at, i18n.language) }),
    passkey.last_used_at
      ? t('security.passkeys.lastUsed', {
          date: formatDateTime(passkey.last_used_at, i18n.language),
        })
      : t('passkeys.neverUsed'),
  ];
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0" data-testid="passkey-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-800 text-fg-muted">
          <KeyIcon size={18} />
        </span>
        {/* Wide enough for the name and dates; the buttons wrap under them on a phone. */}
        <div className="min-w-0 flex-1 basis-52">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
            <span className="truncate" data-testid="passkey-name">
              {passkey.name}
            </span>
            {passkey.backed_up && (
              <span className="rounded-full border border-ink-600 bg-ink-800 px-2 py-0.5 text-[11px] font-semibold text-fg-muted">
                {t('passkeys.synced')}
              </span>
            )}
          </p>
          <p className="mt-0.5 text-[13px] text-fg-subtle">{facts.join(' · ')}</p>
        </div>
        {mode === 'view' && (
          <div className="ml-auto flex shrink-0 gap-1">
            <Button variant="ghost" size="sm" onClick={() => setMode('renaming')}>
              {t('passkeys.rename')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setMode('removing')}>
              {t('security.passkeys.remove')}
            </Button>
          </div>
        )}
      </div>
      {mode === 'removing' && (
        <div className="flex flex-col gap-3 rounded-xl border border-negative/30 bg-negative/10 p-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-fg">
            {t('passkeys.removeConfirm', { name: passkey.name })}
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setMode('view')}>
              {t('security.cancel')}
            </Button>
            <Button variant="danger" size="sm" onClick={confirmRemove} loading={remove.isPending}>
              {t('security.passkeys.remove')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) {
      setError(t('passkeys.nameRequired'));
      return;
    }
    try {
      await rename.mutateAsync({ id: passkey.id, name: typed });
      toast.success(t('passkeys.renamedToast'));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.length > 0)
        setError(failure.fieldErrors[0]!.message);
      else toast.error(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField
        label={t('passkeys.name')}
        value={name}
        maxLength={NAME_MAX}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('security.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={rename.isPending}>
          {t('passkeys.save')}
        </Button>
      </div>
    </form>
  );
}
