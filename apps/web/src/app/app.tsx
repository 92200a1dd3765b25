import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { Bounce, ToastContainer, toast } from 'react-toastify';
import { takeFlash } from '../lib/flash.ts';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

/** Spec §8: top-left, dark, 8000 ms, close on click, pause on hover. */
export const TOAST_AUTO_CLOSE_MS = 8_000;

export function App() {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast(flash.message, { type: flash.kind });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer
        position="top-left"
        theme="dark"
        autoClose={TOAST_AUTO_CLOSE_MS}
        closeOnClick
        pauseOnHover
        pauseOnFocusLoss
        newestOnTop
        transition={Bounce}
        limit={4}
      />
    </QueryClientProvider>
  );
}
