import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58xrp, bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import type { ChainFamily } from './crypto.networks.ts';

/**
 * Self-custody deposit addresses: one per player per chain, derived from an extended
 * PUBLIC key the operator exports from its wallet (BIP32). The server can compute every
 * address but spend from none: no private key is ever here. The key is an account-level
 * key (e.g. m/84'/0'/0' for Bitcoin, m/44'/60'/0' for Ethereum); a player's address is its
 * external chain's child `0/<player id>` (non-hardened, so derivable from the public key).
 *
 * Solana keys are ed25519, whose BIP32-style derivation (SLIP-0010) is hardened only:
 * Solana is served by the processor adapter. An XRP account needs a funded reserve, so
 * XRP uses one address (child 0/0) and tells players apart by destination tag.
 */
export const DERIVABLE_FAMILIES = [
  'bitcoin',
  'litecoin',
  'dogecoin',
  'evm',
  'tron',
  'bnb_beacon',
  'xrp',
] as const;
export type DerivableFamily = (typeof DERIVABLE_FAMILIES)[number];

export function isDerivable(family: ChainFamily): family is DerivableFamily {
  return (DERIVABLE_FAMILIES as readonly string[]).includes(family);
}

/** BIP32 allows 2^31 non-hardened children; player ids beyond that need a second account key. */
export const CHILD_INDEX_MAX = 0x7fff_ffff;

/** Version bytes by serialisation prefix, so xpub, ypub, zpub, Ltub and dgub all parse. */
const PUBLIC_VERSIONS: Record<string, number> = {
  xpub: 0x0488b21e,
  ypub: 0x049d7cb2,
  zpub: 0x04b24746,
  Ltub: 0x019da462,
  Mtub: 0x01b26ef6,
  dgub: 0x02facafd,
};

export class ExtendedKeyError extends Error {}

/** Parses an extended public key; refuses an extended PRIVATE key outright. */
export function parseExtendedPublicKey(text: string): HDKey {
  const trimmed = text.trim();
  if (/^(xprv|yprv|zprv|tprv|Ltpv|Mtpv|dgpv)/.test(trimmed)) {
    throw new ExtendedKeyError(
      'an extended private key was given: give the extended public key (xpub) only',
    );
  }
  const version = PUBLIC_VERSIONS[trimmed.slice(0, 4)];
  if (version === undefined)
    throw new ExtendedKeyError('not an extended public key (xpub, ypub, zpub, Ltub, dgub)');
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(trimmed, { private: 0, public: version });
  } catch (error) {
    throw new ExtendedKeyError(`extended public key is invalid: ${(error as Error).message}`);
  }
  if (key.privateKey) throw new ExtendedKeyError('an extended private key was given');
  return key;
}

function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

const base58checkSha256 = createBase58check(sha256);

function evmAddressBytes(compressed: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** EIP-55 mixed-case checksum. */
function checksumEvm(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex');
  const digest = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString('hex');
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const c = hex[i]!;
    out += Number.parseInt(digest[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The address of a compressed secp256k1 public key on a chain family. */
export function addressOfPublicKey(family: DerivableFamily, publicKey: Uint8Array): string {
  switch (family) {
    case 'bitcoin':
      return bech32.encode('bc', [0, ...bech32.toWords(hash160(publicKey))]);
    case 'litecoin':
      return bech32.encode('ltc', [0, ...bech32.toWords(hash160(publicKey))]);
    case 'dogecoin':
      return base58checkSha256.encode(Uint8Array.from([0x1e, ...hash160(publicKey)]));
    case 'evm':
      return checksumEvm(evmAddressBytes(publicKey));
    case 'tron':
      return base58checkSha256.encode(Uint8Array.from([0x41, ...evmAddressBytes(publicKey)]));
    case 'bnb_beacon':
      return bech32.encode('bnb', bech32.toWords(hash160(publicKey)));
    case 'xrp': {
      // XRP's own base58 alphabet; checksum is the first 4 bytes of a double SHA-256.
      const payload = Uint8Array.from([0x00, ...hash160(publicKey)]);
      const checksum = sha256(sha256(payload)).subarray(0, 4);
      return base58xrp.encode(Uint8Array.from([...payload, ...checksum]));
    }
  }
}

/** The player's deposit address: child 0/<index> of the account key. */
export function deriveDepositAddress(
  account: HDKey,
  family: DerivableFamily,
  index: number,
): string {
  if (!Number.isInteger(index) || index < 0 || index > CHILD_INDEX_MAX) {
    throw new ExtendedKeyError(`child index must be 0..${CHILD_INDEX_MAX}`);
  }
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new ExtendedKeyError('derived key has no public key');
  return addressOfPublicKey(family, child.publicKey);
}
