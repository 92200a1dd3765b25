import { RegisterModal } from '../../features/auth/components/register-modal.tsx';
import { SignInModal } from '../../features/auth/components/sign-in-modal.tsx';
import { LiveSupportModal } from '../../features/support/components/live-support-modal.tsx';
import { WalletModal } from '../../features/wallet/components/wallet-modal.tsx';

/** The app-wide modals (lib/modal-store.ts), loaded by the layout when one first opens. */
export function AppModals({ supportNumber }: { supportNumber: string }) {
  return (
    <>
      <SignInModal />
      <RegisterModal />
      <WalletModal />
      <LiveSupportModal supportNumber={supportNumber} />
    </>
  );
}
