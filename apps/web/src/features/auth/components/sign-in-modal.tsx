import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSkeleton } from '../../../components/form-skeleton.tsx';
import { Modal } from '../../../components/modal.tsx';
import { closeModal, useOpenModal } from '../../../lib/modal-store.ts';
import { loadSignInForms } from '../preload.ts';

type View = 'signIn' | 'forgot';

const SignInForm = lazy(async () => ({ default: (await loadSignInForms()).SignInForm }));
const ForgotPasswordForm = lazy(async () => ({
  default: (await loadSignInForms()).ForgotPasswordForm,
}));

export function SignInModal() {
  const { t } = useTranslation();
  const open = useOpenModal() === 'signIn';
  const [view, setView] = useState<View>('signIn');
  const close = () => {
    closeModal();
    setView('signIn');
  };
  return (
    <Modal
      open={open}
      onClose={close}
      testId="sign-in-modal"
      title={view === 'signIn' ? t('auth.signInTitle') : t('auth.forgetTitle')}
      description={view === 'signIn' ? t('auth.signInSubtitle') : t('auth.forgetSubtitle')}
      size="sm"
    >
      <Suspense fallback={<FormSkeleton fields={2} />}>
        {view === 'signIn' ? (
          <SignInForm onForgot={() => setView('forgot')} />
        ) : (
          <ForgotPasswordForm onBack={() => setView('signIn')} />
        )}
      </Suspense>
    </Modal>
  );
}
