import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, Details, PageHeader } from '../../components/card.tsx';
import { TextField } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';

/** The signed-in member's own account: role, permissions, password, recovery codes. */
export function AccountPage() {
  const { me, signOut } = useAuth();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [totp, setTotp] = useState('');
  const [passwords, setPasswords] = useState({ current_password: '', new_password: '' });
  const regenerate = useMutation({
    mutationFn: () => api<string[]>('/auth/recovery-codes', { json: { code: totp } }),
  });
  const change = useMutation({ mutationFn: () => api('/auth/password', { json: passwords }) });
  if (!me) return null;

  const onRegenerate = (event: FormEvent) => {
    event.preventDefault();
    regenerate.mutate(undefined, {
      onSuccess: (result) => {
        setCodes(result.data);
        setTotp('');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  const onChange = (event: FormEvent) => {
    event.preventDefault();
    if (passwords.new_password.length < 12)
      return toast.error('The new password needs at least 12 characters');
    change.mutate(undefined, {
      onSuccess: async () => {
        toast.success('Password changed. Sign in again.');
        await signOut();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <>
      <PageHeader title="My account" />
      <div className="grid gap-3 lg:grid-cols-2">
        <Card title="Profile">
          <Details
            rows={{
              Name: me.name,
              Email: me.email,
              Role: <Badge tone="accent">{me.role}</Badge>,
              'Last sign-in': formatDateTime(me.last_login_at),
              'Session ends': `${formatDateTime(me.session_expires_at)} (or after ${me.idle_timeout_s / 60} min idle)`,
              Permissions: (
                <span className="flex flex-wrap gap-1">
                  {me.permissions.map((p) => (
                    <code key={p} className="rounded bg-ink-800 px-1 text-[11px]">
                      {p}
                    </code>
                  ))}
                </span>
              ),
            }}
          />
        </Card>
        <div className="flex flex-col gap-3">
          <Card title="Recovery codes">
            <p className="mb-2 text-[13px] text-fg-muted">
              {me.recovery_codes_left} unused code(s) left. New codes replace all old ones.
            </p>
            {codes ? (
              <ol className="grid grid-cols-2 gap-1.5 rounded-md bg-ink-950 p-3 font-mono text-[13px]">
                {codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ol>
            ) : (
              <form onSubmit={onRegenerate} className="flex items-end gap-2">
                <TextField
                  label="Current authenticator code"
                  inputMode="numeric"
                  maxLength={6}
                  value={totp}
                  onChange={(event) => setTotp(event.target.value)}
                  className="w-48"
                />
                <Button type="submit" loading={regenerate.isPending}>
                  New recovery codes
                </Button>
              </form>
            )}
          </Card>
          <Card title="Password">
            <form onSubmit={onChange} className="flex flex-col gap-2">
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={passwords.current_password}
                onChange={(event) =>
                  setPasswords({ ...passwords, current_password: event.target.value })
                }
              />
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 12 characters; every session ends"
                value={passwords.new_password}
                onChange={(event) =>
                  setPasswords({ ...passwords, new_password: event.target.value })
                }
              />
              <Button type="submit" className="self-end" loading={change.isPending}>
                Change password
              </Button>
            </form>
          </Card>
        </div>
      </div>
    </>
  );
}
