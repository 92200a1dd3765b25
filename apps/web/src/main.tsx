import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './index.css';
import './i18n/index.ts';
import { App } from './app/app.tsx';
import { startWebVitals } from './lib/web-vitals.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole tree (one long task on a phone is Total Blocking Time,
// issue 20). Nothing is on screen to keep meanwhile: the loading screen covers the page.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// A sample of page views reports its Web Vitals once the page is idle (lib/web-vitals.ts).
startWebVitals();
