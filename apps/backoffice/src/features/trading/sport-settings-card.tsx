import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

/** A row's form: text as typed (converted to the API's integers on save) and switches. */
export type SettingsForm = Record<string, string | boolean>;

/** One column of a per-sport settings table. */
export type SettingsField<S> = {
  key: string;
  /** The column's heading and its tooltip. */
  header: string;
  title?: string;
  /** The input's accessible name after the sport's ("Cricket in-play delay"). */
  label: string;
} & (
  | { kind: 'switch'; value: (s: S) => boolean }
  | {
      kind: 'text';
      value: (s: S) => string;
      placeholder?: string;
      inputMode?: 'decimal' | 'numeric';
      /** A short value (a lead in goals): a narrower input. */
      narrow?: boolean;
    }
);

/** Everything one kind of per-sport setting needs on the desk: read, show, edit, save. */
export type SportSettingsDescription<S> = {
  title: string;
  queryKey: readonly unknown[];
  /** GET: the list, one entry per sport. */
  url: string;
  rowTestId: string;
  sport: (s: S) => { id: string; name: string; default?: boolean };
  /** The builder's settings name their sport by id: shown capitalised. */
  nameFromId?: boolean;
  fields: SettingsField<S>[];
  /** PUT: a sport's new settings. */
  saveUrl: (sport_id: string) => string;
  body: (form: SettingsForm) => unknown;
  /** What a save makes stale (its own list, or more when others depend on it). */
  invalidates: readonly unknown[];
  saved: (name: string) => string;
};

/** The typed text of a field (a switch reads as ''). */
export const text = (form: SettingsForm, key: string) => {
  const value = form[key];
  return typeof value === 'string' ? value : '';
};
/** A switch's state. */
export const on = (form: SettingsForm, key: string) => form[key] === true;

/**
 * A per-sport settings card on the trading desk: a table of sports, a row of inputs each, saved
 * one sport at a time. Cash-out, early payout, in-play, pricing and the bet builder are each
 * one description of this.
 */
export function SportSettingsCard<S>({
  description,
}: {
  description: SportSettingsDescription<S>;
}) {
  const list = useQuery({
    queryKey: description.queryKey,
    queryFn: async () => (await api<S[]>(description.url)).data,
  });
  return (
    <Card title={description.title} padded={false}>
      <table className="w-full text-[12px]">
        <thead className="text-fg-subtle">
          <tr>
            <th className="px-3 py-1.5 text-left font-medium">Sport</th>
            {description.fields.map((f) => (
              <th
                key={f.key}
                className={cn(
                  'px-2 font-medium',
                  f.kind === 'switch' ? 'text-center' : 'text-right',
                )}
                title={f.title}
              >
                {f.header}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data?.map((s) => (
            <SettingsRow
              key={`${description.sport(s).id}:${JSON.stringify(s)}`}
              description={description}
              settings={s}
            />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function SettingsRow<S>({
  description,
  settings,
}: {
  description: SportSettingsDescription<S>;
  settings: S;
}) {
  const client = useQueryClient();
  const sport = description.sport(settings);
  const [form, setForm] = useState<SettingsForm>(() =>
    Object.fromEntries(description.fields.map((f) => [f.key, f.value(settings)])),
  );
  const save = useMutation({
    mutationFn: () =>
      api(description.saveUrl(encodeURIComponent(sport.id)), {
        method: 'PUT',
        json: description.body(form),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: description.invalidates });
      toast.success(description.saved(sport.name));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <tr
      className="border-t border-ink-800"
      data-testid={description.rowTestId}
      data-sport={sport.id}
    >
      <td className={cn('px-3 py-1', description.nameFromId && 'capitalize')}>
        {sport.name}
        {sport.default && <span className="ml-1 text-fg-subtle">(default)</span>}
      </td>
      {description.fields.map((f) =>
        f.kind === 'switch' ? (
          <td key={f.key} className="px-2 py-1 text-center">
            <input
              type="checkbox"
              aria-label={`${sport.name} ${f.label}`}
              checked={on(form, f.key)}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.checked })}
            />
          </td>
        ) : (
          <td key={f.key} className="px-2 py-1 text-right">
            <input
              aria-label={`${sport.name} ${f.label}`}
              value={text(form, f.key)}
              placeholder={f.placeholder}
              inputMode={f.inputMode}
              onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
              className={cn(
                controlClasses,
                'h-6 text-right font-mono',
                f.narrow ? '!w-14' : '!w-20',
              )}
            />
          </td>
        ),
      )}
      <td className="px-3 py-1 text-right">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </td>
    </tr>
  );
}
