import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import WAValidator from 'multicoin-address-validator';
import { describe, expect, it } from 'vitest';
import { deriveDepositAddress, ExtendedKeyError, parseExtendedPublicKey } from './crypto.hd.ts';

// The BIP39 test mnemonic whose addresses wallets and the BIPs publish.
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
/** The account-level extended public key an operator would export from its wallet. */
const accountXpub = (path: string) => root.derive(path).publicExtendedKey;

describe('self-custody address derivation (public keys only)', () => {
  it('derives the BIP84 test vector m/84h/0h/0h/0/0 from the account xpub', () => {
    const account = parseExtendedPublicKey(accountXpub("m/84'/0'/0'"));
    expect(deriveDepositAddress(account, 'bitcoin', 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it('derives the well-known Ethereum address m/44h/60h/0h/0/0 with its EIP-55 checksum', () => {
    const account = parseExtendedPublicKey(accountXpub("m/44'/60'/0'"));
    expect(deriveDepositAddress(account, 'evm', 0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it('derives the published test-mnemonic addresses of Litecoin, Dogecoin, Tron and XRP', () => {
    const vectors = [
      ["m/84'/2'/0'", 'litecoin', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
      ["m/44'/3'/0'", 'dogecoin', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC'],
      ["m/44'/195'/0'", 'tron', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
      ["m/44'/144'/0'", 'xrp', 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3'],
    ] as const;
    for (const [path, family, address] of vectors) {
      expect(deriveDepositAddress(parseExtendedPublicKey(accountXpub(path)), family, 0)).toBe(
        address,
      );
    }
  });

  it('parses the BIP84 zpub serialisation as published in the BIP', () => {
    const account = parseExtendedPublicKey(
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    );
    expect(deriveDepositAddress(account, 'bitcoin', 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(deriveDepositAddress(account, 'bitcoin', 1)).toBe(
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    );
  });

  it('gives every player a distinct address that the chain validators accept', () => {
    const cases = [
      ["m/84'/2'/0'", 'litecoin', 'ltc'],
      ["m/44'/3'/0'", 'dogecoin', 'doge'],
      ["m/44'/195'/0'", 'tron', 'trx'],
      ["m/44'/60'/0'", 'evm', 'eth'],
      ["m/44'/144'/0'", 'xrp', 'xrp'],
    ] as const;
    for (const [path, family, symbol] of cases) {
      const account = parseExtendedPublicKey(accountXpub(path));
      const addresses = new Set<string>();
      for (let index = 1; index <= 20; index++) {
        const address = deriveDepositAddress(account, family, index);
        expect(
          WAValidator.validate(address, symbol, { networkType: 'prod' }),
          `${symbol} ${address}`,
        ).toBe(true);
        addresses.add(address);
      }
      expect(addresses.size).toBe(20);
    }
  });

  it('a Tron address carries the same key hash as the Ethereum address of that key', () => {
    const account = parseExtendedPublicKey(accountXpub("m/44'/60'/0'"));
    const evm = deriveDepositAddress(account, 'evm', 7).slice(2).toLowerCase();
    const tron = deriveDepositAddress(account, 'tron', 7);
    expect(tron.startsWith('T')).toBe(true);
    const raw = Buffer.from(base58.decode(tron)).toString('hex');
    expect(raw.slice(0, 42)).toBe(`41${evm}`);
  });

  it('refuses extended private keys and garbage', () => {
    expect(() => parseExtendedPublicKey(root.derive("m/84'/0'/0'").privateExtendedKey)).toThrow(
      ExtendedKeyError,
    );
    expect(() => parseExtendedPublicKey('xpub-nonsense')).toThrow(ExtendedKeyError);
    expect(() => parseExtendedPublicKey('hello')).toThrow(ExtendedKeyError);
  });

  it('refuses hardened or negative child indexes', () => {
    const account = parseExtendedPublicKey(accountXpub("m/84'/0'/0'"));
    expect(() => deriveDepositAddress(account, 'bitcoin', 2 ** 31)).toThrow(ExtendedKeyError);
    expect(() => deriveDepositAddress(account, 'bitcoin', -1)).toThrow(ExtendedKeyError);
  });
});
