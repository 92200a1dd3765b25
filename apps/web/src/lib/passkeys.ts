/** What the sign-in and Settings → Security share about passkeys in this browser. */

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' &&
  typeof window.PublicKeyCredential === 'function' &&
  typeof navigator.credentials?.get === 'function';

/** The player closed the browser's prompt, or it timed out: nothing to report as an error. */
export const isPasskeyCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');
