/**
 * The coins and networks the cashier takes (spec §3: 12 BTC, 13 ETH, 14 LTC, 15 DOGE,
 * 17 SOL, 18 XRP, 19 USDT; §5: USDT on TRC20, ERC20, BEP2, BEP20).
 *
 * A coin's amounts on chain are integers in the network's base unit (satoshi, wei, sun,
 * drops, lamports): `base_scale` is how many decimals that unit is. USDT has 6 decimals on
 * Tron and Ethereum but 18 on BNB Smart Chain, so the scale belongs to the network, not
 * the coin. The ledger never books these amounts (decision 0401): a deposit is credited
 * in the player's own currency, and the on-chain amount is kept on the payment's record.
 */
export type ChainFamily =
  | 'bitcoin'
  | 'litecoin'
  | 'dogecoin'
  | 'evm'
  | 'tron'
  | 'solana'
  | 'xrp'
  | 'bnb_beacon';

export type CryptoNetwork = {
  /** The processor-style pay code (lower case), e.g. `usdttrc20`. */
  pay_code: string;
  /** The coin's code in `currencies` (BTC, ETH, …, USDT). */
  coin: string;
  /** The network's name as the player picks it (§5) or the coin's own chain. */
  network: string;
  family: ChainFamily;
  base_scale: number;
  /** Confirmations a self-custody deposit waits for before it is credited. */
  confirmations: number;
  /** URI scheme for the QR code (BIP21-style); null where wallets expect the bare address. */
  uri_scheme: string | null;
  /** XRP deposits go to one shared address and are told apart by a destination tag. */
  needs_tag: boolean;
};

export const CRYPTO_NETWORKS: readonly CryptoNetwork[] = Object.freeze([
  {
    pay_code: 'btc',
    coin: 'BTC',
    network: 'BTC',
    family: 'bitcoin',
    base_scale: 8,
    confirmations: 2,
    uri_scheme: 'bitcoin',
    needs_tag: false,
  },
  {
    pay_code: 'eth',
    coin: 'ETH',
    network: 'ERC20',
    family: 'evm',
    base_scale: 18,
    confirmations: 12,
    uri_scheme: 'ethereum',
    needs_tag: false,
  },
  {
    pay_code: 'ltc',
    coin: 'LTC',
    network: 'LTC',
    family: 'litecoin',
    base_scale: 8,
    confirmations: 6,
    uri_scheme: 'litecoin',
    needs_tag: false,
  },
  {
    pay_code: 'doge',
    coin: 'DOGE',
    network: 'DOGE',
    family: 'dogecoin',
    base_scale: 8,
    confirmations: 6,
    uri_scheme: 'dogecoin',
    needs_tag: false,
  },
  {
    pay_code: 'sol',
    coin: 'SOL',
    network: 'SOL',
    family: 'solana',
    base_scale: 9,
    confirmations: 32,
    uri_scheme: 'solana',
    needs_tag: false,
  },
  {
    pay_code: 'xrp',
    coin: 'XRP',
    network: 'XRP',
    family: 'xrp',
    base_scale: 6,
    confirmations: 1,
    uri_scheme: null,
    needs_tag: true,
  },
  {
    pay_code: 'usdttrc20',
    coin: 'USDT',
    network: 'TRC20',
    family: 'tron',
    base_scale: 6,
    confirmations: 20,
    uri_scheme: null,
    needs_tag: false,
  },
  {
    pay_code: 'usdterc20',
    coin: 'USDT',
    network: 'ERC20',
    family: 'evm',
    base_scale: 6,
    confirmations: 12,
    uri_scheme: null,
    needs_tag: false,
  },
  {
    pay_code: 'usdtbep2',
    coin: 'USDT',
    network: 'BEP2',
    family: 'bnb_beacon',
    base_scale: 8,
    confirmations: 1,
    uri_scheme: null,
    needs_tag: false,
  },
  {
    pay_code: 'usdtbsc',
    coin: 'USDT',
    network: 'BEP20',
    family: 'evm',
    base_scale: 18,
    confirmations: 15,
    uri_scheme: null,
    needs_tag: false,
  },
]);

export const USDT_NETWORKS = ['TRC20', 'ERC20', 'BEP2', 'BEP20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/** The network for a coin; USDT needs one of its four networks (TRC20 when none is named). */
export function networkOf(coin: string, network?: string): CryptoNetwork | null {
  const code = coin.toUpperCase();
  const candidates = CRYPTO_NETWORKS.filter((entry) => entry.coin === code);
  if (candidates.length === 0) return null;
  if (candidates.length === 1) {
    const only = candidates[0]!;
    return !network || network.toUpperCase() === only.network || network.toUpperCase() === code
      ? only
      : null;
  }
  const wanted = (network ?? 'TRC20').toUpperCase();
  return candidates.find((entry) => entry.network === wanted) ?? null;
}

/** Accepts a coin code (`BTC`), a coin + network (`USDT`, `TRC20`) or a pay code (`usdttrc20`). */
export function resolveNetwork(code: string, network?: string): CryptoNetwork | null {
  const byPayCode = CRYPTO_NETWORKS.find((entry) => entry.pay_code === code.toLowerCase());
  if (byPayCode && (!network || network.toUpperCase() === byPayCode.network)) return byPayCode;
  return networkOf(code, network);
}
