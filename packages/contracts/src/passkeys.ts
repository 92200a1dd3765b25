import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * Passkeys (WebAuthn, decision 0143): the registration and sign-in ceremonies and the player's
 * list. The ceremony bodies are the JSON forms the WebAuthn Level 3 `toJSON()` methods (and
 * `@simplewebauthn/browser`) produce: binary fields as unpadded base64url.
 */

const base64url = (field: string, max: number) =>
  z
    .string()
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]*$/, `${field} must be base64url`);

/** The most passkeys one player keeps. */
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 64;

const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const attachment = z.enum(['platform', 'cross-platform']);
const extensions = z.record(z.string(), z.unknown());
/** A credential id: authenticators make them at most 1023 bytes. */
const credentialId = base64url('id', 1400).min(1, 'id is required');

export const passkeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX, `At most ${PASSKEY_NAME_MAX} characters`);

/** What `navigator.credentials.create()` answered, as JSON. */
export const passkeyRegistrationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url('clientDataJSON', 4096),
    attestationObject: base64url('attestationObject', 32_768),
    authenticatorData: base64url('authenticatorData', 16_384).optional(),
    transports: z.array(transport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('publicKey', 4096).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: extensions,
});

/** What `navigator.credentials.get()` answered, as JSON. */
export const passkeyAuthenticationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url('clientDataJSON', 4096),
    authenticatorData: base64url('authenticatorData', 16_384),
    signature: base64url('signature', 2048),
    userHandle: base64url('userHandle', 128).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: extensions,
});

export const passkeyRegisterRequest = z.object({
  /** Optional: the server names it after the browser and system when it is left out. */
  name: passkeyName.optional(),
  response: passkeyRegistrationResponse,
});

export const passkeySignInRequest = z.object({ response: passkeyAuthenticationResponse });

export const passkeyRenameRequest = z.object({ name: passkeyName });

export const passkeyIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/, 'must be a passkey id'),
});

/**
 * The options for `navigator.credentials.create()` or `.get()` (WebAuthn's JSON form), with a
 * fresh single-use challenge. Only the fields a client reads are named; the rest pass through.
 */
const ceremonyOptions = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().int().optional(),
});
export const passkeyOptionsResponse = envelope(ceremonyOptions);

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  /** Synced by the platform (iCloud Keychain, Google Password Manager…) rather than one device. */
  backed_up: z.boolean(),
  transports: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeysResponse = envelope(z.array(passkey));
export const passkeyResponse = envelope(passkey);
