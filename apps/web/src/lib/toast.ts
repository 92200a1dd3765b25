import type { ToastOptions } from 'react-toastify';

/**
 * react-toastify, loaded on first use so it stays out of the initial chunk. A toast
 * raised before its container has mounted is queued by the library and shown once
 * it does; the container itself loads lazily too (`app/app.tsx`).
 */
export const loadToastify = () => import('react-toastify');

function show(message: string, options?: ToastOptions) {
  void loadToastify().then(({ toast }) => toast(message, options));
}

const typed =
  (type: NonNullable<ToastOptions['type']>) => (message: string, options?: ToastOptions) =>
    show(message, { ...options, type });

export const toast = Object.assign(show, {
  success: typed('success'),
  error: typed('error'),
  info: typed('info'),
  warning: typed('warning'),
  /** Takes down a toast raised with this `toastId` (an error the player has since fixed). */
  dismiss: (id: string) => void loadToastify().then(({ toast }) => toast.dismiss(id)),
});
