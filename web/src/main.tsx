import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import './index.css';
import { startApp } from './lib/pwa';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startApp();

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
