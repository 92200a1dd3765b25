import { withAllStrings } from '../../i18n/index.ts';

/** The forms' code (and the rest of the strings they use), apart from the modals' frames. */
export const loadSignInForms = withAllStrings(() => import('./components/sign-in-forms.tsx'));
export const loadRegisterForm = withAllStrings(() => import('./components/register-form.tsx'));

/**
 * Fetches the sign-in and register form code ahead of the first click (a guest is
 * likely to need it), once the page is idle; opening a modal loads it anyway.
 */
export function preloadAuthForms() {
  void loadSignInForms().catch(() => {});
  void loadRegisterForm().catch(() => {});
}
