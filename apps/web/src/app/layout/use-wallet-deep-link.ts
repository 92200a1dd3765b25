import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openModal } from '../../lib/modal-store.ts';

/** The query parameter that opens the wallet: `/?wallet=deposit` (decision 0900). */
export const WALLET_PARAM = 'wallet';

/**
 * A link can open the wallet modal (`?wallet=deposit`, e.g. from a promotion e-mail, and how
 * `npm run bench:web` measures the page with the wallet open). A guest gets the sign-in modal
 * instead. The parameter is removed from the address once read, so a reload or a shared link of
 * the page afterwards does not reopen it.
 */
export function useWalletDeepLink(isAuthenticated: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(WALLET_PARAM)) return;
    params.delete(WALLET_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    openModal(isAuthenticated ? 'wallet' : 'signIn');
  }, [location, navigate, isAuthenticated]);
}
