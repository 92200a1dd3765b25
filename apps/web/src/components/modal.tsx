import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { focusableWithin, trapTab } from './focus-trap.ts';
import { CloseIcon } from './icons.tsx';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Extra attributes for tests and analytics. */
  testId?: string;
  /**
   * A fixed height (up to 92% of the screen) instead of the content's: for a dialog whose
   * content loads or changes after it opens (the wallet), so it never grows and shifts.
   */
  fixedHeight?: boolean;
};

const widths = { sm: 'max-w-[400px]', md: 'max-w-[440px]', lg: 'max-w-[600px]' };

/**
 * An accessible dialog: labelled by its title, focus moved in on open, Tab kept
 * inside, Escape and the backdrop close it, focus returned on close.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
  testId,
  fixedHeight = false,
}: ModalProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      const first = focusableWithin(panel).find((el) => el.dataset.modalClose === undefined);
      (first ?? panel).focus();
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (panelRef.current) trapTab(event, panelRef.current);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        className="absolute inset-0 animate-fade-in bg-ink-950/80 backdrop-blur-[2px]"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={cn(
          'relative flex max-h-[92dvh] w-full animate-pop-in flex-col overflow-hidden rounded-t-2xl border border-ink-700 bg-ink-850 shadow-pop outline-none sm:rounded-2xl',
          widths[size],
          fixedHeight && 'h-[680px]',
        )}
      >
        <div className="flex items-start gap-4 px-6 pt-6 pb-2">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-xl font-bold tracking-tight text-fg">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1.5 text-sm leading-relaxed text-fg-muted">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            data-modal-close=""
            onClick={onClose}
            className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-subtle transition-colors hover:bg-ink-750 hover:text-fg"
            aria-label={t('common.close')}
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div className={cn('overflow-y-auto px-6 pt-3 pb-6', fixedHeight && 'flex-1')}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
