/**
 * A toast that survives the reload the spec asks for after login and logout:
 * stored in sessionStorage, shown once by the next page load.
 */
const FLASH_KEY = 'flash';

export type Flash = { kind: 'success' | 'info'; message: string };

export function setFlash(flash: Flash) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // Storage unavailable: the toast is simply lost with the reload.
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed = JSON.parse(raw) as Flash;
    return typeof parsed.message === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
