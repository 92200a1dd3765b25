import { LANGUAGES } from '@casino/contracts';
import { cn } from '../../components/cn.ts';

export type Language = (typeof LANGUAGES)[number];

/**
 * Which language an operator-written text is being edited in. English is the main text and the
 * fallback; a tick marks each language already written.
 */
export function LanguagePicker({
  value,
  onChange,
  written,
  label,
}: {
  value: Language;
  onChange: (language: Language) => void;
  written: (language: Language) => boolean;
  label: string;
}) {
  return (
    <div className="flex flex-wrap gap-1" role="tablist" aria-label={label}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          role="tab"
          aria-selected={value === code}
          onClick={() => onChange(code)}
          className={cn(
            'rounded px-2 py-1 text-xs',
            value === code ? 'bg-accent-500 text-white' : 'bg-ink-800 text-fg-muted hover:text-fg',
          )}
        >
          {code}
          {written(code) ? ' ✓' : ''}
        </button>
      ))}
    </div>
  );
}
