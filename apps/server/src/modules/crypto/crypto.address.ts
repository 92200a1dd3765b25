/// <reference path="./multicoin-address-validator.d.ts" />
import { bech32 } from '@scure/base';
import WAValidator from 'multicoin-address-validator';
import type { CryptoNetwork } from './crypto.networks.ts';

/** No chain's address is longer; anything longer is refused before a validator sees it. */
export const ADDRESS_LENGTH_MAX = 128;

/**
 * Whether `address` is a valid mainnet address on the network: checksums and version
 * bytes are verified by maintained libraries (multicoin-address-validator; @scure/base's
 * bech32 for BNB Beacon Chain, which that library does not cover), never by a pattern of
 * our own. A Bitcoin address is no Ethereum address and a TRC20 address no ERC20 one.
 */
export function isValidAddress(address: string, network: CryptoNetwork): boolean {
  if (address.length === 0 || address.length > ADDRESS_LENGTH_MAX) return false;
  const opts = { networkType: 'prod' };
  switch (network.family) {
    case 'bitcoin':
      return WAValidator.validate(address, 'btc', opts);
    case 'litecoin':
      return WAValidator.validate(address, 'ltc', opts);
    case 'dogecoin':
      return WAValidator.validate(address, 'doge', opts);
    case 'solana':
      return WAValidator.validate(address, 'sol', opts);
    case 'xrp':
      return WAValidator.validate(address, 'xrp', opts);
    case 'tron':
      return WAValidator.validate(address, 'trx', opts);
    case 'evm':
      return WAValidator.validate(address, 'eth', opts);
    case 'bnb_beacon':
      return isBnbBeaconAddress(address);
  }
}

function isBnbBeaconAddress(address: string): boolean {
  try {
    const decoded = bech32.decode(address as `${string}1${string}`);
    return decoded.prefix === 'bnb' && bech32.fromWords(decoded.words).length === 20;
  } catch {
    return false;
  }
}
