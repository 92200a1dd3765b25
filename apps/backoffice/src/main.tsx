import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './index.css';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
