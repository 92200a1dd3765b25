import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { closeModal, useOpenModal } from '../../../lib/modal-store.ts';
import { loadWalletBody } from '../preload.ts';

const WalletBody = lazy(async () => ({ default: (await loadWalletBody()).WalletBody }));

function BodySpinner() {
  return (
    <div className="flex justify-center py-16 text-fg-muted">
      <Spinner className="size-6" />
    </div>
  );
}

export function WalletModal() {
  const { t } = useTranslation();
  const open = useOpenModal() === 'wallet';
  // The body renders as a transition: React yields to the browser between components instead of
  // drawing the balances and the deposit form in one long task (Total Blocking Time on a phone);
  // the frame and its spinner show first.
  const [bodyShown, setBodyShown] = useState(false);
  useEffect(() => {
    if (open) startTransition(() => setBodyShown(true));
    else setBodyShown(false);
  }, [open]);
  return (
    <Modal
      open={open}
      onClose={closeModal}
      title={t('wallet.title')}
      size="lg"
      testId="wallet-modal"
      // Its content loads after it opens and differs per tab: a fixed height never shifts.
      fixedHeight
    >
      {open && (
        <Suspense fallback={<BodySpinner />}>
          {bodyShown ? <WalletBody /> : <BodySpinner />}
        </Suspense>
      )}
    </Modal>
  );
}
