import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { controlClasses } from '../../../components/field.tsx';
import { ShieldIcon } from '../../../components/icons.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAnswerSourceOfFunds, useCompliance } from '../api/compliance.ts';

/**
 * What the operator's compliance team asks of the player, on their account page: a
 * source-of-funds request to answer, and a notice while withdrawals are on hold.
 * Renders nothing when there is nothing to say.
 */
export function ComplianceNotices() {
  const { t } = useTranslation();
  const status = useCompliance();
  const answer = useAnswerSourceOfFunds();
  const [text, setText] = useState('');
  const id = useId();
  const data = status.data;
  if (!data || (!data.withdrawals_frozen && !data.source_of_funds)) return null;
  const sof = data.source_of_funds;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    answer.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        toast.success(t('compliance.sofSent'));
      },
      onError: (error) => toast.error(error instanceof Error ? error.message : String(error)),
    });
  };
  return (
    <div className="mb-6 flex flex-col gap-4" data-testid="compliance-notices">
      {data.withdrawals_frozen && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-warning/40 bg-warning/10 p-4 text-sm"
        >
          <ShieldIcon size={20} className="mt-0.5 shrink-0 text-warning" />
          <div>
            <h2 className="font-semibold text-fg">{t('compliance.frozenTitle')}</h2>
            <p className="mt-1 leading-relaxed text-fg-muted">{t('compliance.frozenBody')}</p>
          </div>
        </div>
      )}
      {sof && (
        <section
          aria-labelledby={`${id}-title`}
          className="flex flex-col gap-4 rounded-2xl border border-accent-500/40 bg-ink-900/70 p-5 sm:p-6"
        >
          <header className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-ink-600 bg-ink-800 text-accent-400">
              <ShieldIcon size={20} />
            </span>
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="text-base font-semibold text-fg">
                {t('compliance.sofTitle')}
              </h2>
              <p className="mt-0.5 text-sm text-fg-muted">{t('compliance.sofIntro')}</p>
            </div>
          </header>
          <blockquote className="rounded-xl border border-ink-700 bg-ink-950/50 p-4 text-[15px] leading-relaxed whitespace-pre-wrap text-fg">
            {sof.message}
          </blockquote>
          {sof.status === 'answered' ? (
            <div className="text-sm text-fg-muted">
              <p className="font-medium text-positive">{t('compliance.sofAnswered')}</p>
              <p className="mt-2 whitespace-pre-wrap">“{sof.response}”</p>
            </div>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-3">
              <label htmlFor={`${id}-answer`} className="text-[13px] font-medium text-fg-muted">
                {t('compliance.sofAnswerLabel')}
              </label>
              <textarea
                id={`${id}-answer`}
                value={text}
                maxLength={2000}
                rows={4}
                placeholder={t('compliance.sofPlaceholder')}
                onChange={(event) => setText(event.target.value)}
                className={`${controlClasses(false)} h-auto min-h-28 py-2.5 leading-relaxed`}
              />
              <div>
                <Button type="submit" loading={answer.isPending} disabled={!text.trim()}>
                  {t('compliance.sofSubmit')}
                </Button>
              </div>
            </form>
          )}
        </section>
      )}
    </div>
  );
}
