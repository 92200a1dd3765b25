import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { AlertIcon, DocumentIcon } from '../../../components/icons.tsx';
import { type SniffedType, sniffFile } from '../utils/sniff.ts';

export type PickedFile = { file: File; type: SniffedType };

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const UploadIcon = () => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M12 15V4m0 0-4 4m4-4 4 4" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </svg>
);

/**
 * One upload tile: pick or drop a file, checked here by its first bytes (as the server will
 * check it) and by size, then previewed. Previews are data: URLs: the site's CSP allows no blob:.
 */
export function FileDrop({
  name,
  label,
  hint,
  formats,
  accept,
  allowed,
  maxBytes,
  value,
  error,
  onChange,
  onError,
  illustration,
}: {
  name: string;
  label: string;
  hint: string;
  formats: string;
  accept: string;
  allowed: readonly SniffedType[];
  maxBytes: number;
  value: PickedFile | null;
  error?: string;
  onChange: (value: PickedFile | null) => void;
  onError: (message: string | undefined) => void;
  illustration: React.ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const mb = Math.round(maxBytes / (1024 * 1024));

  useEffect(() => {
    setPreview(null);
    if (!value || value.type === 'pdf') return;
    let live = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (live && typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(value.file);
    return () => {
      live = false;
      reader.abort();
    };
  }, [value]);

  async function pick(file: File | undefined) {
    if (!file) return;
    if (file.size > maxBytes) {
      onChange(null);
      onError(t('kyc.errors.size', { mb }));
      return;
    }
    const type = await sniffFile(file);
    if (!type || !allowed.includes(type)) {
      onChange(null);
      onError(allowed.includes('pdf') ? t('kyc.errors.documentType') : t('kyc.errors.selfieType'));
      return;
    }
    onError(undefined);
    onChange({ file, type });
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer.files[0]);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-semibold text-fg">
          {label}
        </span>
      </div>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept={accept}
        className="sr-only"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {value ? (
        <div
          className={cn(
            'flex flex-col overflow-hidden rounded-xl border bg-ink-900',
            error ? 'border-negative/70' : 'border-ink-600',
          )}
        >
          <div className="relative flex aspect-[16/10] items-center justify-center bg-ink-950 sm:aspect-[4/3]">
            {value.type === 'pdf' ? (
              <div className="flex flex-col items-center gap-2 text-fg-muted">
                <DocumentIcon size={40} />
                <span className="text-xs font-semibold tracking-wide uppercase">PDF</span>
              </div>
            ) : preview ? (
              <img
                src={preview}
                alt={t('kyc.previewAlt', { name: label })}
                className="absolute inset-0 size-full object-contain"
              />
            ) : null}
          </div>
          <div className="flex items-center gap-1 border-t border-ink-700 py-2 pr-1.5 pl-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-fg" title={value.file.name}>
                {value.file.name}
              </p>
              <p className="text-xs text-fg-subtle">{formatSize(value.file.size)}</p>
            </div>
            <Button
              size="sm"
              variant="ghost"
              className="px-2.5"
              onClick={() => input.current?.click()}
            >
              {t('kyc.change')}
            </Button>
            <Button size="sm" variant="ghost" className="px-2.5" onClick={() => onChange(null)}>
              {t('kyc.remove')}
            </Button>
          </div>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button inside is the accessible way to pick a file
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'flex aspect-[16/10] flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-4 text-center transition-colors sm:aspect-[4/3]',
            dragging
              ? 'border-accent-400 bg-accent-500/10'
              : error
                ? 'border-negative/70 bg-negative/5'
                : 'border-ink-600 bg-ink-900/60 hover:border-ink-500',
          )}
        >
          <div className="text-fg-subtle">{illustration}</div>
          <Button
            size="sm"
            variant="secondary"
            icon={<UploadIcon />}
            onClick={() => input.current?.click()}
          >
            {t('kyc.choose')}
          </Button>
          <p className="hidden text-xs text-fg-subtle sm:block">{t('kyc.drop')}</p>
        </div>
      )}
      {error ? (
        <p role="alert" className="flex items-start gap-1.5 text-[13px] text-negative">
          <AlertIcon size={16} className="mt-px shrink-0" />
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-[13px] leading-snug text-fg-subtle">
          {hint} <span className="text-fg-subtle/80">· {formats}</span>
        </p>
      )}
    </div>
  );
}
