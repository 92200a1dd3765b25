import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { takeFlash } from '../lib/flash.ts';
import { useAfterIdle } from '../lib/idle.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadToastify, toast } from '../lib/toast.ts';
import { releaseBootScreen } from './boot-screen.ts';
import { router } from './router.tsx';

export const TOAST_AUTO_CLOSE_MS = 8_000;

export function App() {
  const { t } = useTranslation();
  const idle = useAfterIdle();
  // After the first commit: the page is drawn under the loading screen, which may now go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render
  useEffect(() => releaseBootScreen(t('common.loading')), []);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast(flash.message, { type: flash.kind });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* A toast raised sooner waits in the library's queue (lib/toast.ts). */}
      {idle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

/** Spec §8: top-left, dark, 8000 ms, close on click, pause on hover (loaded after the first paint). */
const Toasts = lazy(async () => {
  const { Bounce, ToastContainer } = await loadToastify();
  return {
    default: () => (
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
    ),
  };
});
