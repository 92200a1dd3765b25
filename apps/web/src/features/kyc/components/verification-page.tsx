import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageSettings } from '../../../app/layout/app-layout.tsx';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import {
  AlertIcon,
  CheckIcon,
  DocumentIcon,
  IdIcon,
  LockIcon,
  ShieldIcon,
  UserIcon,
} from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type DocumentType, useKycSession, useSubmitDocuments } from '../api/kyc.ts';
import { FileDrop, type PickedFile } from './file-drop.tsx';

const DOCUMENT_TYPES: ReadonlyArray<{ value: DocumentType; icon: ReactNode }> = [
  { value: 'passport', icon: <DocumentIcon size={20} /> },
  { value: 'national_id', icon: <IdIcon size={20} /> },
  { value: 'driving_licence', icon: <IdIcon size={20} /> },
];
const DEFAULT_BYTES_MAX = 8 * 1024 * 1024;

/** Spec §2: the page named Verification, without the shared layout. */
function Shell({ children }: { children: ReactNode }) {
  const settings = usePageSettings();
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4 py-8 sm:justify-center sm:py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-accent-500/10 blur-3xl"
      />
      <Link to="/" className="relative mb-6 sm:mb-8">
        {settings.brand_name ? (
          <BrandLogo name={settings.brand_name} logoUrl={settings.logo_url} />
        ) : (
          <span className="block h-7 w-28 rounded-md bg-ink-800" />
        )}
      </Link>
      <main className="relative w-full max-w-[640px] rounded-2xl border border-ink-700 bg-ink-850 p-5 shadow-pop sm:p-8">
        {children}
      </main>
    </div>
  );
}

/** A full-card message: invalid or expired link, documents received. */
function Outcome({
  tone,
  title,
  body,
  children,
}: {
  tone: 'positive' | 'warning' | 'negative';
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="kyc-outcome">
      <span
        className={cn(
          'flex size-14 items-center justify-center rounded-2xl',
          tone === 'positive' && 'bg-positive/10 text-positive',
          tone === 'warning' && 'bg-warning/10 text-warning',
          tone === 'negative' && 'bg-negative/10 text-negative',
        )}
      >
        {tone === 'positive' ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
      </span>
      <h1 className="text-xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="max-w-sm text-sm leading-relaxed text-fg-muted">{body}</p>
      <div className="mt-2 flex w-full max-w-xs flex-col gap-2">{children}</div>
    </div>
  );
}

export function VerificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('session') ?? '';
  const session = useKycSession(token);
  const submit = useSubmitDocuments(token);
  const [type, setType] = useState<DocumentType>('passport');
  const [document, setDocument] = useState<PickedFile | null>(null);
  const [selfie, setSelfie] = useState<PickedFile | null>(null);
  const [errors, setErrors] = useState<{ document?: string; selfie?: string; form?: string }>({});

  const restart = (
    <Link to="/settings/verify" className={buttonClasses({ block: true })}>
      {t('kyc.startAgain')}
    </Link>
  );
  const home = (
    <Link to="/" className={buttonClasses({ block: true, variant: 'secondary' })}>
      {t('kyc.backToSite')}
    </Link>
  );

  if (!token || session.isError) {
    const expired = session.error instanceof ApiError && session.error.status === 410;
    return (
      <Shell>
        <Outcome
          tone="negative"
          title={expired ? t('kyc.expiredTitle') : t('kyc.invalidTitle')}
          body={expired ? t('kyc.expiredBody') : t('kyc.invalidBody')}
        >
          {restart}
          {home}
        </Outcome>
      </Shell>
    );
  }
  if (session.isPending) {
    return (
      <Shell>
        <div className="flex justify-center py-16" role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      </Shell>
    );
  }
  const data = session.data;
  if (!submit.isSuccess && data.status !== 'started') {
    return (
      <Shell>
        <Outcome tone="warning" title={t('kyc.usedTitle')} body={t('kyc.usedBody')}>
          <Link to="/settings/verify" className={buttonClasses({ block: true })}>
            {t('kyc.seeStatus')}
          </Link>
          {home}
        </Outcome>
      </Shell>
    );
  }
  if (submit.isSuccess) {
    return (
      <Shell>
        <Outcome tone="positive" title={t('kyc.doneTitle')} body={t('kyc.doneBody')}>
          <Link to="/settings/verify" className={buttonClasses({ block: true })}>
            {t('kyc.seeStatus')}
          </Link>
          {home}
        </Outcome>
      </Shell>
    );
  }
  if (data.expired) {
    return (
      <Shell>
        <Outcome tone="warning" title={t('kyc.expiredTitle')} body={t('kyc.expiredBody')}>
          {restart}
          {home}
        </Outcome>
      </Shell>
    );
  }

  const maxBytes = data.file_bytes_max || DEFAULT_BYTES_MAX;
  const mb = Math.round(maxBytes / (1024 * 1024));

  function send() {
    const missing = {
      document: document ? undefined : t('kyc.errors.documentMissing'),
      selfie: selfie ? undefined : t('kyc.errors.selfieMissing'),
    };
    if (!document || !selfie) {
      setErrors(missing);
      return;
    }
    setErrors({});
    submit.mutate(
      { document_type: type, document: document.file, selfie: selfie.file },
      {
        onError: (error) => {
          // The server names the file it refused; show its message under that file.
          const field =
            error instanceof ApiError
              ? error.fieldErrors.find((e) => e.path === 'document' || e.path === 'selfie')
              : undefined;
          if (field) setErrors({ [field.path]: field.message });
          else setErrors({ form: error.message });
        },
      },
    );
  }

  return (
    <Shell>
      <header className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-500/10 text-accent-400 sm:flex">
          <ShieldIcon size={26} />
        </span>
        <div>
          <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">{t('kyc.title')}</h1>
          <p className="mt-1.5 text-sm leading-relaxed text-fg-muted">
            {data.name ? t('kyc.subtitleNamed', { name: data.name }) : t('kyc.subtitle')}
          </p>
        </div>
      </header>

      <form
        className="mt-7 flex flex-col gap-7"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 flex items-center gap-2 text-sm font-semibold text-fg">
            <span className="flex size-6 items-center justify-center rounded-full bg-ink-700 text-xs text-fg-muted">
              1
            </span>
            {t('kyc.typeLabel')}
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {DOCUMENT_TYPES.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-3 text-sm transition-colors',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40',
                  type === option.value
                    ? 'border-accent-500 bg-accent-500/10 text-fg'
                    : 'border-ink-600 bg-ink-900/60 text-fg-muted hover:border-ink-500',
                )}
              >
                <input
                  type="radio"
                  name="document_type"
                  value={option.value}
                  checked={type === option.value}
                  onChange={() => setType(option.value)}
                  className="sr-only"
                />
                <span className={type === option.value ? 'text-accent-400' : 'text-fg-subtle'}>
                  {option.icon}
                </span>
                <span className="font-medium">{t(`kyc.types.${option.value}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 flex items-center gap-2 text-sm font-semibold text-fg">
            <span className="flex size-6 items-center justify-center rounded-full bg-ink-700 text-xs text-fg-muted">
              2
            </span>
            {t('kyc.filesLabel')}
          </legend>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FileDrop
              name="document"
              label={t(`kyc.types.${type}`)}
              hint={t('kyc.documentHint')}
              formats={t('kyc.formatsDocument', { mb })}
              accept="image/jpeg,image/png,image/webp,application/pdf"
              allowed={['jpeg', 'png', 'webp', 'pdf']}
              maxBytes={maxBytes}
              value={document}
              error={errors.document}
              onChange={setDocument}
              onError={(message) => setErrors((e) => ({ ...e, document: message }))}
              illustration={<IdIcon size={34} />}
            />
            <FileDrop
              name="selfie"
              label={t('kyc.selfieLabel')}
              hint={t('kyc.selfieHint')}
              formats={t('kyc.formatsSelfie', { mb })}
              accept="image/jpeg,image/png,image/webp"
              allowed={['jpeg', 'png', 'webp']}
              maxBytes={maxBytes}
              value={selfie}
              error={errors.selfie}
              onChange={setSelfie}
              onError={(message) => setErrors((e) => ({ ...e, selfie: message }))}
              illustration={<UserIcon size={34} />}
            />
          </div>
        </fieldset>

        <p className="flex items-start gap-2.5 rounded-xl bg-ink-900/70 px-4 py-3 text-[13px] leading-relaxed text-fg-muted">
          <LockIcon size={16} className="mt-0.5 shrink-0 text-fg-subtle" />
          {t('kyc.privacy')}
        </p>

        {errors.form && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-negative/40 bg-negative/10 px-4 py-3 text-sm text-negative"
          >
            <AlertIcon size={18} className="mt-px shrink-0" />
            {errors.form}
          </p>
        )}

        <Button type="submit" size="lg" block loading={submit.isPending}>
          {submit.isPending ? t('kyc.submitting') : t('kyc.submit')}
        </Button>
      </form>
    </Shell>
  );
}
