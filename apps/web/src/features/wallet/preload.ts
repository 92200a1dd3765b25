import { withAllStrings } from '../../i18n/index.ts';

/**
 * The wallet's content and the deposit tab it opens on (wallet-body.tsx), fetched side by side
 * rather than one after the other, with the rest of the strings.
 */
export const loadWalletBody = withAllStrings(async () => {
  const [body] = await Promise.all([
    import('./components/wallet-body.tsx'),
    import('./components/fiat-tabs.tsx'),
  ]);
  return body;
});

/** Fetches the wallet's content once the page is idle, ahead of the first open. */
export function preloadWallet() {
  void loadWalletBody().catch(() => {});
}
