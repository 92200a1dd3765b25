import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ChatIcon, CheckIcon, CopyIcon, ExternalIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { closeModal, useOpenModal } from '../../../lib/modal-store.ts';
import { toast } from '../../../lib/toast.ts';
import { directMessageLink } from '../utils/direct-message-link.ts';

/** Spec §9: the check mark shows for 1 second after copying. */
export const COPY_CONFIRMATION_MS = 1_000;

export function LiveSupportModal({ supportNumber }: { supportNumber: string }) {
  const { t } = useTranslation();
  const open = useOpenModal() === 'support';
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const link = directMessageLink(supportNumber);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(supportNumber);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast.error(t('support.copyFailed'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={closeModal}
      title={t('support.title')}
      description={t('support.body')}
      size="sm"
      testId="support-modal"
    >
      {supportNumber ? (
        <div className="flex flex-col gap-4">
          <div>
            <p className="mb-1.5 text-[13px] font-medium text-fg-muted">
              {t('support.numberLabel')}
            </p>
            <div className="flex items-center gap-2 rounded-xl border border-ink-600 bg-ink-950/60 py-1.5 pr-1.5 pl-4">
              <span
                className="min-w-0 flex-1 truncate font-mono text-lg font-semibold tracking-wide text-fg"
                data-testid="support-number"
              >
                {supportNumber}
              </span>
              <button
                type="button"
                onClick={copy}
                aria-label={copied ? t('support.copied') : t('support.copy')}
                title={copied ? t('support.copied') : t('support.copy')}
                className={cn(
                  'flex size-10 items-center justify-center rounded-lg transition-colors',
                  copied
                    ? 'bg-positive/15 text-positive'
                    : 'bg-ink-750 text-fg-muted hover:bg-ink-700 hover:text-fg',
                )}
              >
                {copied ? <CheckIcon size={18} strokeWidth={2.4} /> : <CopyIcon size={18} />}
              </button>
            </div>
            <p aria-live="polite" className="sr-only">
              {copied ? t('support.copied') : ''}
            </p>
          </div>
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ size: 'lg', block: true })}
            >
              <ChatIcon size={20} />
              {t('support.message')}
              <ExternalIcon size={16} className="opacity-70" />
            </a>
          )}
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{t('support.unavailable')}</p>
      )}
    </Modal>
  );
}
