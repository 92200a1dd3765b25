import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Slide, ToastContainer } from 'react-toastify';
import { AuthProvider } from '../lib/auth.tsx';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <ToastContainer
        position="bottom-right"
        theme="dark"
        autoClose={5000}
        closeOnClick
        pauseOnHover
        newestOnTop
        transition={Slide}
        limit={4}
      />
    </QueryClientProvider>
  );
}
