import { loadWalletBody } from './components/wallet-modal.tsx';

/** Fetches the wallet's content once the page is idle, ahead of the first open. */
export function preloadWallet() {
  void loadWalletBody().catch(() => {});
}
