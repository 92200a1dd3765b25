import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSkeleton } from '../../../components/form-skeleton.tsx';
import { Modal } from '../../../components/modal.tsx';
import { closeModal, useOpenModal } from '../../../lib/modal-store.ts';
import { loadRegisterForm } from '../preload.ts';

const RegisterForm = lazy(async () => ({ default: (await loadRegisterForm()).RegisterForm }));

export function RegisterModal() {
  const { t } = useTranslation();
  const open = useOpenModal() === 'register';
  return (
    <Modal
      open={open}
      onClose={closeModal}
      title={t('auth.registerTitle')}
      description={t('auth.registerSubtitle')}
      testId="register-modal"
    >
      <Suspense fallback={<FormSkeleton fields={5} />}>
        <RegisterForm />
      </Suspense>
    </Modal>
  );
}
