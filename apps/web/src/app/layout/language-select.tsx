import type { Language } from '@casino/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/cn.ts';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../components/icons.tsx';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/index.ts';

/** Spec §1: the translation dropdown, limited to the languages the operator enabled. */
export function LanguageSelect({ languages }: { languages: string[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const enabled = LANGUAGES.filter((l) => languages.length === 0 || languages.includes(l));
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const choose = (language: Language) => {
    changeLanguage(language);
    setOpen(false);
  };
  return (
    <div className="rounded-xl bg-ink-850/70 p-1.5">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={listId}
        data-testid="language-select"
        className="flex h-10 w-full items-center gap-3 rounded-lg px-2.5 text-left text-sm font-medium text-fg-muted transition-colors hover:bg-ink-750 hover:text-fg"
      >
        <GlobeIcon size={20} className="shrink-0" />
        <span className="min-w-0 flex-1 truncate">
          <span className="sr-only">{t('language.label')}: </span>
          {LANGUAGE_NAMES[current]}
        </span>
        <ChevronDownIcon
          size={16}
          className={cn('shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <ul id={listId} aria-label={t('language.choose')} className="mt-1 flex flex-col gap-0.5">
          {enabled.map((language) => {
            const selected = language === current;
            return (
              <li key={language}>
                <button
                  type="button"
                  lang={language}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => choose(language)}
                  data-language={language}
                  className={cn(
                    'flex h-9 w-full items-center justify-between rounded-lg pr-2.5 pl-10 text-left text-sm transition-colors',
                    selected
                      ? 'bg-ink-700 font-semibold text-fg'
                      : 'text-fg-muted hover:bg-ink-750 hover:text-fg',
                  )}
                >
                  {LANGUAGE_NAMES[language]}
                  {selected && <CheckIcon size={16} className="text-accent-400" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
