import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { usePageSettings } from '../layout/app-layout.tsx';

/** A page without the shared layout: brand on top, one card. */
function StandaloneShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const settings = usePageSettings();
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-accent-500/10 blur-3xl"
      />
      <Link to="/" className="relative mb-8">
        {settings.brand_name ? (
          <BrandLogo name={settings.brand_name} logoUrl={settings.logo_url} />
        ) : (
          <span className="block h-7 w-28 rounded-md bg-ink-800" />
        )}
      </Link>
      <main className="relative w-full max-w-[420px] rounded-2xl border border-ink-700 bg-ink-850 p-6 shadow-pop sm:p-8">
        <h1 className="text-xl font-bold tracking-tight text-fg">{title}</h1>
        {subtitle && (
          <p className="mt-1.5 mb-6 text-sm leading-relaxed text-fg-muted">{subtitle}</p>
        )}
        {children}
      </main>
    </div>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <StandaloneShell title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <ResetPasswordForm />
    </StandaloneShell>
  );
}
