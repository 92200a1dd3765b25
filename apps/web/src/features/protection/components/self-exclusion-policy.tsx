import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

const SECTIONS = ['what', 'length', 'shorten', 'balance', 'marketing', 'timeout'] as const;

/**
 * /policies/self-exclusion: what self-exclusion does, in the player's language. The rules it
 * states are the ones the gate enforces (modules/protection): it is kept in step with them.
 */
export function SelfExclusionPolicyPage() {
  const { t } = useTranslation();
  const title = t('compliance.policy.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('compliance.policy.intro')}
      breadcrumbs={[
        { label: t('nav.home'), to: '/' },
        { label: t('footer.legal') },
        { label: title },
      ]}
    >
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]" data-testid="self-exclusion-policy">
        <article className="grid gap-3 sm:grid-cols-2">
          {SECTIONS.map((section) => (
            <section
              key={section}
              className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-sm leading-relaxed"
            >
              <h2 className="text-base font-semibold text-fg">
                {t(`compliance.policy.${section}Title`)}
              </h2>
              <p className="mt-1.5 text-fg-muted">{t(`compliance.policy.${section}`)}</p>
            </section>
          ))}
        </article>
        <aside className="flex flex-col gap-4 self-start rounded-2xl border border-accent-500/30 bg-ink-850 p-5 text-sm leading-relaxed">
          <div className="flex items-center gap-2 text-fg">
            <ShieldIcon size={20} className="text-accent-400" />
            <h2 className="font-semibold">{t('compliance.policy.startTitle')}</h2>
          </div>
          <p className="text-fg-muted">{t('compliance.policy.start')}</p>
          <Link
            to="/responsible-gaming"
            className="inline-flex h-10 items-center justify-center rounded-lg bg-accent-500 px-4 font-semibold text-white hover:bg-accent-600"
          >
            {t('compliance.policy.startLink')}
          </Link>
          <div className="border-t border-ink-700 pt-4">
            <h2 className="font-semibold text-fg">{t('compliance.policy.helpTitle')}</h2>
            <p className="mt-1.5 text-fg-muted">{t('compliance.policy.help')}</p>
          </div>
        </aside>
      </div>
    </PageFrame>
  );
}
