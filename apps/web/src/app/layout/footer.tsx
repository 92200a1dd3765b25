import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { CRYPTO_MARKS, FIAT_MARKS, PaymentMarks } from '../../components/payment-logos.tsx';

type FooterProps = {
  brandName: string;
  logoUrl: string;
  licenceText: string;
  companyText: string;
};

const linkClass = 'text-sm text-fg-muted transition-colors hover:text-fg';

export function Footer({ brandName, logoUrl, licenceText, companyText }: FooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-ink-800 bg-ink-900/60" data-testid="footer">
      <div className="mx-auto flex max-w-[1200px] flex-col gap-10 px-4 py-10 sm:px-6">
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr]">
          <div className="flex flex-col gap-4">
            {brandName && <BrandLogo name={brandName} logoUrl={logoUrl} />}
            <p className="max-w-sm text-sm leading-relaxed text-fg-subtle">
              {t('footer.ageNotice')}
            </p>
          </div>
          <nav aria-label={t('nav.casino')} className="flex flex-col gap-2.5">
            <h2 className="mb-1 text-xs font-semibold tracking-wider text-fg uppercase">
              {t('nav.casino')}
            </h2>
            <Link to="/casino/home" className={linkClass}>
              {t('nav.casino')}
            </Link>
            <Link to="/sports" reloadDocument className={linkClass}>
              {t('nav.sports')}
            </Link>
            <Link to="/promotions" className={linkClass}>
              {t('nav.promotions')}
            </Link>
            <Link to="/responsible-gaming" className={linkClass}>
              {t('nav.responsibleGaming')}
            </Link>
          </nav>
          <nav aria-label={t('footer.legal')} className="flex flex-col gap-2.5">
            <h2 className="mb-1 text-xs font-semibold tracking-wider text-fg uppercase">
              {t('footer.legal')}
            </h2>
            <Link to="/policies/privacy" className={linkClass}>
              {t('footer.privacy')}
            </Link>
            <Link to="/policies/terms" className={linkClass}>
              {t('footer.terms')}
            </Link>
            <Link to="/policies/anti-money-laundering" className={linkClass}>
              {t('footer.aml')}
            </Link>
            <Link to="/policies/self-exclusion" className={linkClass}>
              {t('footer.selfExclusion')}
            </Link>
          </nav>
        </div>

        <section aria-labelledby="footer-payments" className="flex flex-col gap-3">
          <h2
            id="footer-payments"
            className="text-xs font-semibold tracking-wider text-fg uppercase"
          >
            {t('footer.paymentMethods')}
          </h2>
          <div className="flex flex-wrap gap-2" data-testid="payment-logos">
            <PaymentMarks marks={FIAT_MARKS} />
            <PaymentMarks marks={CRYPTO_MARKS} />
          </div>
        </section>

        <div className="flex flex-col gap-5 border-t border-ink-800 pt-6 sm:flex-row sm:items-start">
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-full border-2 border-negative/80 text-sm font-extrabold text-fg"
            role="img"
            aria-label={t('footer.ageNotice')}
            data-testid="age-badge"
          >
            {t('common.adultsOnly')}
          </span>
          <div className="flex flex-col gap-2 text-xs leading-relaxed text-fg-subtle">
            {licenceText && <p data-testid="licence-text">{licenceText}</p>}
            {companyText && <p data-testid="company-text">{companyText}</p>}
            <p className="text-fg-muted" data-testid="copyright">
              {t('footer.rights', { year, brand: brandName })}
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
