/**
 * The deposit coupon (spec §4): saved in local storage, shown in the wallet's coupon field,
 * removed 5 s after a deposit. The promotions page's "Use code" saves it here.
 */
export const COUPON_STORAGE_KEY = 'coupon';

export function saveCoupon(code: string): void {
  try {
    localStorage.setItem(COUPON_STORAGE_KEY, code);
  } catch {
    // Private mode or storage full: the player can still type the code.
  }
}

export function storedCoupon(): string {
  try {
    return localStorage.getItem(COUPON_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function clearCoupon(): void {
  try {
    localStorage.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
