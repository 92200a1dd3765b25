import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button.tsx';
import { CheckIcon, CopyIcon, DocumentIcon } from '../../../../components/icons.tsx';

/** How long the copy button shows its check mark. */
const COPIED_MS = 1_000;

/** The recovery codes, shown this once: copy, download, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      // Clipboard refused (insecure context): the codes stay selectable.
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <div className="rounded-xl border border-warning/30 bg-warning/10 p-3 text-sm text-warning">
        {t('security.recovery.once')}
      </div>
      <ol className="grid grid-cols-2 gap-2 rounded-xl border border-ink-700 bg-ink-850 p-3 font-mono text-sm text-fg sm:text-[15px]">
        {codes.map((code) => (
          <li key={code} className="select-all rounded-md px-2 py-1 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={copy}
          icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        >
          {copied ? t('security.copied') : t('security.copy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={download} icon={<DocumentIcon size={16} />}>
          {t('security.recovery.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('security.recovery.saved')}
        </Button>
      </div>
    </div>
  );
}
