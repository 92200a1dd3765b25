import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the passkey tests: a P-256 key pair made here, and the WebAuthn
 * answers built by hand (client data, authenticator data, a "none" attestation, an ES256
 * signature), so each test can bend one thing at a time: the origin, the counter, the challenge.
 */

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** User present, user verified, attested credential data included. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type CeremonyOptions = {
  /** Default: the relying party the test app serves (`PUBLIC_URL` http://casino.test). */
  origin?: string;
  rpId?: string;
  /** Default: user present and verified. */
  flags?: number;
};

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly jwk: { x: string; y: string };
  counter = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id() {
    return b64(this.credentialId);
  }

  /** What `navigator.credentials.create()` would answer for these options, as JSON. */
  register(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
    const { origin = 'http://casino.test', rpId = 'casino.test' } = ceremony;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.jwk.x, 'base64url')],
      [-3, Buffer.from(this.jwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authenticatorData(rpId, (ceremony.flags ?? FLAG_UP | FLAG_UV) | FLAG_AT),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, origin),
        attestationObject: b64(attestation),
        transports: ['internal' as const, 'hybrid' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * What `navigator.credentials.get()` would answer: the counter moves on by one unless the
   * test sets it, and the signature covers the authenticator data and the client data's hash.
   */
  assert(
    options: { challenge: string },
    userHandle: string,
    ceremony: CeremonyOptions & { counter?: number } = {},
  ) {
    const { origin = 'http://casino.test', rpId = 'casino.test' } = ceremony;
    this.counter = ceremony.counter ?? this.counter + 1;
    const authData = this.authenticatorData(rpId, ceremony.flags ?? FLAG_UP | FLAG_UV);
    const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  private authenticatorData(rpId: string, flags: number) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }
}

function clientData(type: string, challenge: string, origin: string) {
  return b64(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}
