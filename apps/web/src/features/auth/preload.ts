import { loadRegisterForm } from './components/register-modal.tsx';
import { loadSignInForms } from './components/sign-in-modal.tsx';

/**
 * Fetches the sign-in and register form code ahead of the first click (a guest is
 * likely to need it), once the page is idle; opening a modal loads it anyway.
 */
export function preloadAuthForms() {
  void loadSignInForms().catch(() => {});
  void loadRegisterForm().catch(() => {});
}
