import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { closeModal, useOpenModal } from '../../../lib/modal-store.ts';
import { loadWalletBody } from '../preload.ts';

const WalletBody = lazy(async () => ({ default: (await loadWalletBody()).WalletBody }));

export function WalletModal() {
  const { t } = useTranslation();
  const open = useOpenModal() === 'wallet';
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
        <Suspense
          fallback={
            <div className="flex justify-center py-16 text-fg-muted">
              <Spinner className="size-6" />
            </div>
          }
        >
          <WalletBody />
        </Suspense>
      )}
    </Modal>
  );
}
