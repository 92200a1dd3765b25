import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { DocumentIcon } from '../../../components/icons.tsx';
import { signOut } from '../../../lib/api/logout.ts';
import { API_BASE, errorMessage, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';

/** The player's data: a JSON export of their records, and closing the account on request. */
export function YourData() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const response = await fetch(`${API_BASE}/customer/data-export`, {
        headers: { authorization: `Bearer ${auth.authUserToken}` },
      });
      if (!response.ok) throw new Error(((await response.json()) as { message: string }).message);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'my-data.json';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const close = async () => {
    setClosing(true);
    try {
      await request('/customer/account/close', { json: { confirm: true } });
      await signOut({ flash: t('compliance.closed') });
    } catch (error) {
      toast.error(errorMessage(error));
      setClosing(false);
      setConfirming(false);
    }
  };
  return (
    <section
      data-testid="your-data"
      className="mt-6 flex flex-col gap-5 rounded-2xl border border-ink-700 bg-ink-900/70 p-5 sm:p-6"
    >
      <header className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-ink-600 bg-ink-800 text-accent-400">
          <DocumentIcon size={20} />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-fg">{t('compliance.dataTitle')}</h2>
          <p className="mt-0.5 text-sm text-fg-muted">{t('compliance.dataBody')}</p>
        </div>
      </header>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {t('compliance.download')}
        </Button>
        {confirming ? (
          <Button
            variant="danger"
            loading={closing}
            onClick={() => void close()}
            data-testid="close-account-confirm"
          >
            {t('compliance.closeConfirm')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t('compliance.closeButton')}
          </Button>
        )}
      </div>
      <p className="text-[13px] leading-relaxed text-fg-subtle">{t('compliance.closeBody')}</p>
    </section>
  );
}
